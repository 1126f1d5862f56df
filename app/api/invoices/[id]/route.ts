import { authenticate } from '@/lib/auth/guard';
import { ApiError } from '@/lib/api/errors';
import { parseIdParam } from '@/lib/api/params';
import { pdfResponse } from '@/lib/api/pdf-response';
import { withContext } from '@/lib/api/with-user';
import { verifyInvoiceKey } from '@/lib/invoices/download-key';
import { invoicePdfFor } from '@/lib/invoices/present';

/**
 * GET /api/invoices/{id}: an invoice or credit note as PDF (attachment), for its customer or an admin
 * (bearer), or with `?key=` from the mailed link, which opens that one document without signing in.
 */
export const GET = withContext<{ id: string }>(async (req, { ctx, params }) => {
  const id = parseIdParam(params.id, 'invoice id');
  const key = new URL(req.url).searchParams.get('key');
  let caller: Parameters<typeof invoicePdfFor>[1];
  if (key !== null) {
    if ((await verifyInvoiceKey(key)) !== id) throw ApiError.unauthorized('This invoice link has expired or is not valid; sign in and download it from the task or your history.');
    caller = 'key';
  } else {
    caller = (await authenticate(req, ctx.db)).user;
  }
  const { bytes, fileName } = await invoicePdfFor(ctx.db, caller, id);
  return pdfResponse(
    {
      body: (async function* () {
        yield bytes;
      })(),
      size: bytes.length,
      name: { ascii: fileName, utf8: encodeURIComponent(fileName) },
    },
    'attachment',
  );
});
