import { readJson } from '@/lib/api/body';
import { pdfResponse } from '@/lib/api/pdf-response';
import { withUser } from '@/lib/api/with-user';
import { selectedSlips, selectedSlipsInput } from '@/lib/documents/voter-search';

/** POST /api/documents/{id}/selected-slips: the chosen voters' slips as a PDF, at once (JSON `indices`, `format`). */
export const POST = withUser('task id', async (req, { ctx, user, id }) => {
  const input = await readJson(req, selectedSlipsInput);
  return pdfResponse(await selectedSlips(ctx, user.id, id, input), 'attachment');
});
