import { withAdmin } from '@/lib/api/with-user';
import { licenseHistory } from '@/lib/auth/license';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/v1/vsg/admin/users/{id}/license/history (admin): newest first. */
export const GET = withAdmin('user id', async (_req, { ctx, id }) => {
  return jsonNoStore(await licenseHistory(ctx.db, id));
});
