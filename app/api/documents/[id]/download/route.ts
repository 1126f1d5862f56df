import { withContext } from '@/lib/api/with-user';
import { openDocumentFile } from '@/lib/documents/service';
import { parseIdParam } from '@/lib/api/params';
import { pdfResponse } from '@/lib/api/pdf-response';

/** GET /api/documents/{id}/download?token=…: the task's PDF (attachment), for the holder of a signed link. */
export const GET = withContext<{ id: string }>(async (req, { ctx, params }) => {
  const id = parseIdParam(params.id, 'task id');
  const url = new URL(req.url);
  return pdfResponse(await openDocumentFile(ctx, id, url.searchParams.get('token'), { part: url.searchParams.get('part'), combined: url.searchParams.get('combined') === '1' }), 'attachment', req);
});
