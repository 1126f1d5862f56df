import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, MemoryLocker, Metadata, Server, Upload } from '@tus/server';
import type { Db } from '@/db/client';
import { findOpenUpload, insertUploadWithinCap, markUploadFinished, setUploadOffset } from '@/db/queries/uploads';
import type { UploadRow } from '@/db/schema';
import { FileNotFoundError, FileTooLargeError, WriteConflictError, type FileStore } from '@/lib/files';
import { MAX_BANNER_BYTES } from '@/lib/documents/upload-rules';
import { isUploadKind, judgeNewUpload, tooLargeSentence, UPLOAD_MAX_AGE_MS, uploadLimit, type UploadKind, type UploadLimits } from './rules';

/** Where the endpoint lives: POST here creates, HEAD/PATCH/DELETE act on `${UPLOADS_PATH}/<id>`. */
export const UPLOADS_PATH = '/api/uploads';

/** A tus error answer: what @tus/server's handlers throw and turn into a response. */
interface TusError {
  status_code: number;
  body: string;
}

const tusError = (status_code: number, body: string): TusError => ({ status_code, body: body.endsWith('\n') ? body : `${body}\n` });

const isTusError = (error: unknown): error is TusError =>
  typeof error === 'object' && error !== null && typeof (error as TusError).status_code === 'number' && typeof (error as TusError).body === 'string';

export interface UploadOwner {
  db: Db;
  store: FileStore;
  userId: number;
  limits: UploadLimits;
}

/**
 * Appends still settling, by upload id. When a request body fails part-way, @tus/server answers without
 * waiting for the data store's write to finish keeping what arrived; the next request on the upload (in
 * this process) waits for it, so that HEAD gives the offset the server really has. Another process sees
 * the file store's writer hold instead and answers 409 until it is released.
 */
const settling = new Map<string, Promise<unknown>>();

async function settled(id: string): Promise<void> {
  await settling.get(id);
}

/**
 * A tus data store over the app's FileStore, for one user: their uploads only (anyone else's answers
 * 404, as a missing one does). Each upload is a file written in pieces; the file store's count of bytes
 * written is the offset, and its one-writer hold keeps two PATCHes (on any processes) from both writing.
 */
export class FileStoreDataStore extends DataStore {
  constructor(private readonly owner: UploadOwner) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override getExpiration(): number {
    return UPLOAD_MAX_AGE_MS;
  }

  override async create(upload: Upload): Promise<Upload> {
    const judged = judgeNewUpload(upload.metadata, upload.size, this.owner.limits);
    if (!judged.ok) throw tusError(judged.refusal.status, judged.refusal.detail);
    const length = upload.size ?? 0;
    const { db, store, userId, limits } = this.owner;
    const fileId = await store.begin({ contentType: 'application/octet-stream', expectedSize: length });
    let recorded = false;
    try {
      recorded = await insertUploadWithinCap(db, { id: upload.id, userId, fileId, name: judged.name, kind: judged.kind, length }, limits.maxOpenUploads);
    } finally {
      if (!recorded) await store.delete([fileId]);
    }
    if (!recorded) {
      throw tusError(429, `You have ${limits.maxOpenUploads} uploads no task has used yet. Use or cancel some of them first.`);
    }
    upload.metadata = { filename: judged.name, kind: judged.kind };
    upload.creation_date = new Date().toISOString();
    return upload;
  }

  /** The user's upload, once a write still settling on it has settled (`wait`). */
  private async row(id: string, wait = true): Promise<UploadRow> {
    if (wait) await settled(id);
    const row = await findOpenUpload(this.owner.db, this.owner.userId, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  /** Marks the upload finished once its file holds every byte (also mends one whose finish was cut short). */
  private async finishIfWhole(row: UploadRow, written: number): Promise<void> {
    if (written !== row.length || row.finishedAt) return;
    await this.owner.store.finish(row.fileId);
    await markUploadFinished(this.owner.db, row.id, row.length, new Date());
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    const progress = await this.owner.store.progress(row.fileId);
    if (!progress) throw ERRORS.FILE_NOT_FOUND;
    if (progress.written !== row.offset) await setUploadOffset(this.owner.db, row.id, progress.written);
    await this.finishIfWhole(row, progress.written);
    return new Upload({
      id: row.id,
      size: row.length,
      offset: progress.written,
      metadata: { filename: row.name, kind: row.kind },
      creation_date: row.createdAt.toISOString(),
    });
  }

  override write(stream: Readable, id: string, offset: number): Promise<number> {
    const previous = settling.get(id);
    const work = (async () => {
      await previous;
      return this.writeNow(stream, id, offset);
    })();
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    settling.set(id, done);
    void done.then(() => {
      if (settling.get(id) === done) settling.delete(id);
    });
    return work;
  }

  private async writeNow(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id, false);
    let written: number;
    try {
      written = await this.owner.store.append(row.fileId, offset, stream as AsyncIterable<Uint8Array>);
    } catch (error) {
      if (error instanceof WriteConflictError) throw ERRORS.INVALID_OFFSET;
      if (error instanceof FileNotFoundError) throw ERRORS.FILE_NOT_FOUND;
      if (error instanceof FileTooLargeError) throw ERRORS.ERR_SIZE_EXCEEDED;
      throw error;
    }
    await setUploadOffset(this.owner.db, row.id, written);
    await this.finishIfWhole(row, written);
    return written;
  }

  override async remove(id: string): Promise<void> {
    const row = await this.row(id);
    // the upload's record goes with its file (ON DELETE CASCADE)
    await this.owner.store.delete([row.fileId]);
  }
}

/**
 * One lock table per process for @tus/server's request ordering (a newer request on an upload asks the
 * older one to stop). Across processes, the file store's one-writer hold is what keeps writes apart.
 */
const locker = new MemoryLocker();

/** The kind and file name a creation request declares in its Upload-Metadata, if it is a kind. */
function declared(req: Request): { kind: UploadKind; name: string } | null {
  try {
    const metadata = Metadata.parse(req.headers.get('upload-metadata') ?? undefined);
    return isUploadKind(metadata.kind) ? { kind: metadata.kind, name: metadata.filename ?? '' } : null;
  } catch {
    return null;
  }
}

/** The limit an upload's creation asks for: its kind's (a ZIP of lists: the task's), else the largest (the creation is refused anyway). */
function declaredLimit(req: Request, limits: UploadLimits): number {
  const what = declared(req);
  return what ? uploadLimit(what.kind, limits, what.name) : Math.max(limits.maxVoterListBytes, limits.maxZipBytes ?? 0, MAX_BANNER_BYTES);
}

/** Only `/api/uploads` (POST, OPTIONS) and `/api/uploads/<id>` (HEAD, PATCH, DELETE) are the endpoint's. */
function routeFits(req: Request): boolean {
  const rest = new URL(req.url).pathname.replace(/\/+$/, '').slice(UPLOADS_PATH.length);
  if (req.method === 'POST' || req.method === 'OPTIONS') return rest === '';
  return /^\/[A-Za-z0-9_-]{1,64}$/.test(rest);
}

/**
 * Answers one tus 1.0.0 request (OPTIONS, POST creation, HEAD, PATCH, DELETE termination) for a signed-in
 * user, through @tus/server's web-standard handler. Limits come before any byte is stored: Upload-Length
 * is required and at most the kind's limit, and a PATCH never writes past it.
 */
export async function handleUploadRequest(req: Request, owner: UploadOwner): Promise<Response> {
  if (!routeFits(req)) return new Response('Not found\n', { status: 404, headers: { 'Tus-Resumable': '1.0.0' } });
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: new FileStoreDataStore(owner),
    locker,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    maxSize: (request) => declaredLimit(request, owner.limits),
    // same-origin app: no other site may call the endpoint from a browser
    allowedOrigins: () => false,
    // the creation's other checks (name, kind, the cap) are the data store's own, in create()
    onResponseError: (request, error) => {
      if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED) {
        const what = declared(request);
        return tusError(413, what ? tooLargeSentence(what.kind, owner.limits, what.name) : 'The file is larger than the upload limit.');
      }
      if (isTusError(error)) return undefined;
      // never show an internal message
      console.error('[uploads] unexpected error', error);
      return tusError(500, 'Something went wrong on our side. Please try again.');
    },
  });
  return server.handleWeb(req);
}
