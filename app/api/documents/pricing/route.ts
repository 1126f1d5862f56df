import { withApi } from '@/lib/api/handler';
import { getConfig } from '@/lib/config';
import { isPaymentTestMode } from '@/lib/payments/mode';

/** GET /api/documents/pricing: what the generator says before anything is uploaded. */
export const GET = withApi(async () => {
  const config = getConfig();
  return Response.json({
    fee_per_page: config.FEE_PER_PAGE,
    min_fee: config.MIN_FEE,
    currency: 'INR',
    test_mode: isPaymentTestMode(),
    max_upload_mb: config.MAX_UPLOAD_MB,
    max_task_mb: Math.max(config.MAX_TASK_MB, config.MAX_UPLOAD_MB),
    max_task_files: config.MAX_TASK_FILES,
    draft_preview_pages: config.DRAFT_PREVIEW_PAGES,
  });
});
