import { fileResponse } from '@/lib/api/pdf-response';
import { withUser } from '@/lib/api/with-user';
import { requireOwnDocument } from '@/lib/documents/service';
import { slipImagesQuery, slipImagesZip } from '@/lib/documents/slip-images';

/**
 * GET /api/documents/{id}/slip-images[?indices=3,17][&format=png]: a ZIP of one PNG per slip (every slip the task
 * prints, or the voters named), or one voter's PNG; final once paid, watermarked before.
 */
export const GET = withUser('task id', async (req, { ctx, user, id }) => {
  const query = slipImagesQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const doc = await requireOwnDocument(ctx, user.id, id);
  const file = await slipImagesZip(ctx, doc, query, req.signal);
  return fileResponse(file, 'attachment', file.type);
});
