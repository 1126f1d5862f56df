import { refundsForDocuments } from '@/db/queries/payments';
import { listDocumentParts } from '@/db/queries/document-parts';
import { withUser } from '@/lib/api/with-user';
import { statusJson } from '@/lib/documents/present';
import { receiptsFor } from '@/lib/invoices/present';
import { deleteFailedTask, requireOwnDocument } from '@/lib/documents/service';
import { isPaymentTestMode } from '@/lib/payments/mode';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/documents/{id}: the task's status, polled every 3 s by the task view. */
export const GET = withUser('task id', async (_req, { ctx, user, sessionId, id }) => {
  const doc = await requireOwnDocument(ctx, user.id, id);
  const refunds = doc.paidAt ? await refundsForDocuments(ctx.db, [doc.id]) : [];
  const receipt = doc.paidAt ? ((await receiptsFor(ctx.db, [doc.id])).get(doc.id) ?? null) : null;
  const issuer = { userId: user.id, sessionId, passwordVersion: user.passwordVersion };
  const parts = doc.partCount !== null ? await listDocumentParts(ctx.db, doc.id) : [];
  return jsonNoStore(await statusJson(doc, { testMode: isPaymentTestMode(), refunds, receipt, issuer, parts }));
});

/** DELETE /api/documents/{id}: remove an unpaid task that stopped with an error, and its files. */
export const DELETE = withUser('task id', async (_req, { ctx, user, id }) => {
  await deleteFailedTask(ctx, user.id, id);
  return jsonNoStore({ detail: 'The task was deleted.' });
});
