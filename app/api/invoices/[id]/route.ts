import { withUser } from '@/lib/api/with-user';
import { pdfResponse } from '@/lib/api/pdf-response';
import { invoicePdfFor } from '@/lib/invoices/present';

/** GET /api/invoices/{id}: an invoice or credit note as PDF (attachment), for its customer or an admin. */
export const GET = withUser('invoice id', async (_req, { ctx, user, id }) => {
  const { bytes, fileName } = await invoicePdfFor(ctx.db, user, id);
  return pdfResponse({ body: (async function* () {
        yield bytes;
      })(), size: bytes.length, name: { ascii: fileName, utf8: encodeURIComponent(fileName) } }, 'attachment');
});
