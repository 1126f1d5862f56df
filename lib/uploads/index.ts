/** Resumable uploads: what the rest of the app uses (the tus endpoint itself is lib/uploads/tus.ts). */
export { purgeAbandonedUploads, takeFinishedUpload, type TakenUpload } from './service';
export { UPLOAD_KINDS, UPLOAD_MAX_AGE_MS, type UploadKind } from './rules';
