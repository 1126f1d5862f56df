import { withUser } from '@/lib/api/with-user';
import { createTask, requireTaskSlot } from '@/lib/documents/service';
import { readGeneratorUpload, uploadLimits } from '@/lib/documents/upload';
import { checkBannerInSandbox } from '@/lib/documents/step-plumbing';
import { jsonNoStore } from '@/lib/api/request';
import { takeFinishedUpload } from '@/lib/uploads';

/** POST /api/documents/voter-slip-generator (multipart): store the files (or take the resumable uploads named), start the task → 201 {id, task_id}. */
export const POST = withUser(async (req, { ctx, user }) => {
  // a user at their limit of open tasks is refused before the upload is read and stored
  await requireTaskSlot(ctx, user.id);
  // the banner is decoded in a sandbox process, as every uploaded file is read
  const upload = await readGeneratorUpload(
    req,
    ctx.store,
    uploadLimits(ctx.config),
    (file) => checkBannerInSandbox(ctx, file.id),
    // files sent before through the resumable uploads (/api/uploads), named by their ids
    (uploadId) => takeFinishedUpload(ctx.db, user.id, uploadId),
  );
  return jsonNoStore(await createTask(ctx, user.id, upload), { status: 201 });
});
