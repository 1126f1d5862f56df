import { withContext, withUser } from '@/lib/api/with-user';
import { getConfig } from '@/lib/config';
import type { AppContext } from '@/lib/server/context';
import { handleUploadRequest } from '@/lib/uploads/tus';

/**
 * Resumable uploads, tus 1.0.0: POST /api/uploads creates (Upload-Length, Upload-Metadata filename and
 * kind), HEAD /api/uploads/<id> answers the offset, PATCH appends there, DELETE cancels. Signed-in users
 * only; an upload is its owner's alone (anyone else gets 404). Finished uploads are handed to a task with
 * takeFinishedUpload (lib/uploads).
 */
function owner(ctx: AppContext, userId: number) {
  const config = getConfig();
  return {
    db: ctx.db,
    store: ctx.store,
    userId,
    limits: { maxVoterListBytes: config.MAX_UPLOAD_MB * 1024 * 1024, maxZipBytes: Math.max(config.MAX_TASK_MB, config.MAX_UPLOAD_MB) * 1024 * 1024, maxOpenUploads: config.MAX_OPEN_UPLOADS },
  };
}

const handle = withUser<{ path?: string[] }>((req, { ctx, user }) => handleUploadRequest(req, owner(ctx, user.id)));

export const POST = handle;
export const HEAD = handle;
export const PATCH = handle;
export const DELETE = handle;

/** The server's capabilities (Tus-Version, Tus-Extension, Tus-Max-Size): no sign-in needed, nothing stored. */
export const OPTIONS = withContext<{ path?: string[] }>((req, { ctx }) => handleUploadRequest(req, owner(ctx, 0)));
