import { withApi } from '@/lib/api/handler';
import { documentsDeps } from '@/lib/documents/deps';
import { openDocumentFile } from '@/lib/documents/service';
import { parseIdParam } from '@/lib/server/params';

/** GET /api/documents/{id}/download?token=…: the task's PDF (attachment), for the holder of a signed link. */
export const GET = withApi<{ id: string }>(async (req, { params }) => {
  const id = parseIdParam((await params).id, 'task id');
  return openDocumentFile(await documentsDeps(), id, new URL(req.url).searchParams.get('token'), 'attachment');
});
