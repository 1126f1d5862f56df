import { fileResponse } from '@/lib/api/pdf-response';
import { withUser } from '@/lib/api/with-user';
import { requireOwnDocument } from '@/lib/documents/service';
import { slipImagesZip } from '@/lib/documents/slip-images';

/** GET /api/documents/{id}/slip-images: a ZIP of one PNG per slip (final once paid, watermarked before). */
export const GET = withUser('task id', async (req, { ctx, user, id }) => {
  const doc = await requireOwnDocument(ctx, user.id, id);
  const zip = await slipImagesZip(ctx, doc, req.signal);
  return fileResponse({ body: zip.body, size: zip.size, name: { ascii: zip.name, utf8: encodeURIComponent(zip.name) } }, 'attachment', 'application/zip');
});
