import { refundsForDocuments } from '@/db/queries/payments';
import { withApi } from '@/lib/api/handler';
import { authenticate } from '@/lib/auth/guard';
import { statusJson } from '@/lib/documents/present';
import { requireOwnDocument } from '@/lib/documents/service';
import { isPaymentTestMode } from '@/lib/payments/mode';
import { documentsContext } from '@/lib/server/jobs';
import { parseIdParam } from '@/lib/server/params';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/documents/{id}: the task's status, polled every 3 s by the task view. */
export const GET = withApi<{ id: string }>(async (req, { params }) => {
  const ctx = await documentsContext();
  const { user, sessionId } = await authenticate(req, ctx.db);
  const doc = await requireOwnDocument(ctx, user.id, parseIdParam((await params).id, 'task id'));
  const refunds = doc.paidAt ? await refundsForDocuments(ctx.db, [doc.id]) : [];
  const issuer = { userId: user.id, sessionId, passwordVersion: user.passwordVersion };
  return jsonNoStore(await statusJson(doc, { testMode: isPaymentTestMode(), refunds, issuer }));
});
