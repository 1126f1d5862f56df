import { UPLOAD_KINDS, type UploadKind } from '@/db/schema';
import { MAX_FILE_NAME_LENGTH } from '@/lib/documents/form';
import { displayName } from '@/lib/documents/upload';
import { BANNER_TYPE_ERROR, MAX_BANNER_BYTES, VOTER_LIST_TYPE_ERROR, isBannerName, isVoterListName, isZipName } from '@/lib/documents/upload-rules';

export { UPLOAD_KINDS, type UploadKind };

/** Unfinished uploads are removed a day after they began; finished ones no task took, a day after they finished. */
export const UPLOAD_MAX_AGE_MS = 24 * 3600 * 1000;

export interface UploadLimits {
  /** The voter-list limit (MAX_UPLOAD_MB) in bytes; a banner's is MAX_BANNER_BYTES. */
  maxVoterListBytes: number;
  /** A ZIP of voter lists: the task's limit (MAX_TASK_MB) in bytes; absent, one list's. */
  maxZipBytes?: number;
  /** Uploads one user may have open (not yet taken by a task) at once (MAX_OPEN_UPLOADS). */
  maxOpenUploads: number;
}

export const isUploadKind = (value: unknown): value is UploadKind => typeof value === 'string' && (UPLOAD_KINDS as readonly string[]).includes(value);

/** The most bytes an upload of this kind (and name: a ZIP of lists is held to the task's limit) may declare. */
export function uploadLimit(kind: UploadKind, limits: Pick<UploadLimits, 'maxVoterListBytes' | 'maxZipBytes'>, name = ''): number {
  if (kind === 'banner') return MAX_BANNER_BYTES;
  return isZipName(name) ? Math.max(limits.maxZipBytes ?? 0, limits.maxVoterListBytes) : limits.maxVoterListBytes;
}

const WHAT: Record<UploadKind, string> = { voter_list: 'voter list', banner: 'banner' };

export function tooLargeSentence(kind: UploadKind, limits: Pick<UploadLimits, 'maxVoterListBytes' | 'maxZipBytes'>, name = ''): string {
  const what = kind === 'voter_list' && isZipName(name) ? 'ZIP of voter lists' : WHAT[kind];
  return `The ${what} is larger than the ${Math.round(uploadLimit(kind, limits, name) / (1024 * 1024))} MB limit.`;
}

/** A refusal of an upload's creation: the status and the sentence to show. */
export interface UploadRefusal {
  status: number;
  detail: string;
}

/**
 * Judges a new upload from what its creation declares (metadata `filename` and `kind`, Upload-Length)
 * before any byte is stored: its display name and kind, or why it is refused.
 */
export function judgeNewUpload(
  metadata: Record<string, string | null> | undefined,
  length: number | undefined,
  limits: Pick<UploadLimits, 'maxVoterListBytes' | 'maxZipBytes'>,
): { ok: true; name: string; kind: UploadKind } | { ok: false; refusal: UploadRefusal } {
  const refuse = (status: number, detail: string) => ({ ok: false as const, refusal: { status, detail } });
  const kind = metadata?.kind;
  if (!isUploadKind(kind)) return refuse(400, 'Upload-Metadata must give the kind: voter_list or banner.');
  const raw = metadata?.filename;
  if (typeof raw !== 'string' || raw.trim() === '') return refuse(400, 'Upload-Metadata must give the filename.');
  if (raw.length > MAX_FILE_NAME_LENGTH) return refuse(422, `The file name is too long (at most ${MAX_FILE_NAME_LENGTH} characters). Rename the file and choose it again.`);
  const name = displayName(raw);
  if (kind === 'voter_list' ? !isVoterListName(name) && !isZipName(name) : !isBannerName(name)) return refuse(422, kind === 'voter_list' ? VOTER_LIST_TYPE_ERROR : BANNER_TYPE_ERROR);
  if (length === undefined) return refuse(400, 'Upload-Length is required (uploads of unknown length are not taken).');
  if (length === 0) return refuse(422, `${name} is empty.`);
  if (length > uploadLimit(kind, limits, name)) return refuse(413, tooLargeSentence(kind, limits, name));
  return { ok: true, name, kind };
}
