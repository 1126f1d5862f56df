import { Readable } from 'node:stream';
import path from 'node:path';
import Busboy from 'busboy';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { FileTooLargeError, type FileStore, type StoredFile } from '@/lib/files';
import type { TakenUpload } from '@/lib/uploads';
import { describeKind, detectKind, type FileKind } from '@/lib/slips/ingest/detect';
import { isArchiveClutter, zipEntries, ZipRefusedError } from '@/lib/files/zip-entries';
import { BannerError, inspectBanner } from '@/lib/slips/render/banner';
import {
  MAX_ADDRESS_LENGTH,
  MAX_FILE_NAME_LENGTH,
  generatorFieldShapes,
  generatorFieldsSchema,
  type GeneratorFields,
} from './form';
import { BANNER_TYPE_ERROR, MAX_BANNER_BYTES, VOTER_LIST_TYPE_ERROR, isBannerName, isVoterListContent, isVoterListName, isZipName } from './upload-rules';

export interface UploadedFile extends StoredFile {
  /** The name the user's file had (display only; never used as a path). */
  name: string;
  kind: FileKind;
}

export interface GeneratorUpload {
  fields: GeneratorFields;
  /** The voter lists, in the order sent (a ZIP's in its order): one for a single booth, many for a ward or constituency. */
  voterLists: UploadedFile[];
  banner: UploadedFile;
  /** What the task is called: the one list's name, the ZIP's, or "N voter lists". */
  listName: string;
  /** Files of a ZIP that are not voter lists (pictures, notes), left out: the draft says so. */
  skipped: string[];
}

/** How much one task's upload may hold (config: MAX_UPLOAD_MB, MAX_TASK_MB, MAX_TASK_FILES). */
export interface UploadLimits {
  /** One voter list. */
  listBytes: number;
  /** All voter lists together, and a ZIP of them. */
  taskBytes: number;
  /** Voter lists in one task. */
  taskFiles: number;
}

/** The limits as configured. */
export function uploadLimits(config: { MAX_UPLOAD_MB: number; MAX_TASK_MB: number; MAX_TASK_FILES: number }): UploadLimits {
  const mb = 1024 * 1024;
  return { listBytes: config.MAX_UPLOAD_MB * mb, taskBytes: Math.max(config.MAX_TASK_MB, config.MAX_UPLOAD_MB) * mb, taskFiles: config.MAX_TASK_FILES };
}

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 1024 * 1024;

/** Keeps a file's first and last bytes as it streams past, to judge its type by content. */
class Sniffer {
  private head: Buffer[] = [];
  private headLength = 0;
  private tail: Buffer[] = [];
  private tailLength = 0;

  async *pass(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (this.headLength < HEAD_BYTES) {
        const take = piece.subarray(0, HEAD_BYTES - this.headLength);
        this.head.push(Buffer.from(take));
        this.headLength += take.length;
      }
      this.tail.push(Buffer.from(piece));
      this.tailLength += piece.length;
      while (this.tail.length > 1 && this.tailLength - this.tail[0].length >= TAIL_BYTES) this.tailLength -= this.tail.shift()!.length;
      yield chunk;
    }
  }

  sample(): Uint8Array {
    return Buffer.concat([...this.head, ...this.tail]);
  }
}

/** The name shown for a file: its last path part, without control characters (names are never paths here). */
export function displayName(name: string): string {
  return path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim() || 'file';
}

type Slot = 'pdf_file' | 'banner_file';

const INTERRUPTED = 'The upload was interrupted or could not be read.';

type FieldName = keyof typeof generatorFieldShapes;
const isFieldName = (name: string): name is FieldName => Object.hasOwn(generatorFieldShapes, name);

/** A field longer than the form allows (busboy cut it short). */
function tooLongField(name: string): string {
  if (name === 'booth_address') return `The polling station address is too long (at most ${MAX_ADDRESS_LENGTH} characters).`;
  return `The ${name.replace(/_/g, ' ')} field is too long.`;
}

/**
 * Reads the generator's multipart upload as a stream: each file goes straight into the file store
 * (never whole in memory), is judged by its content as well as its name, and is bounded in size; the
 * plain fields are validated (form.ts: the allowed layouts, the address), each as soon as it arrives (a
 * form that sends its fields before its files, as ours does, is refused before any file is stored). On
 * any failure the files being stored are stopped, every stored file is removed, and a clear ApiError is
 * thrown (413 too large, 422 bad value or type, 400 malformed).
 *
 * `pdf_file` may come several times (the lists of a ward or a constituency, one per part), and any of them
 * may be a ZIP of lists, unpacked here as a stream under the task's limits (zip-entries.ts): a ZIP bomb, a
 * name that leads out of its folder or a ZIP inside the ZIP is refused; files that are not voter lists are
 * left out and named.
 */
export async function readGeneratorUpload(
  req: Request,
  store: FileStore,
  limits: UploadLimits,
  /** Checks a stored banner (the server passes one that decodes it in a sandbox process); throws BannerError for a bad one. */
  checkBanner: (file: StoredFile) => Promise<unknown> = async (file) => inspectBanner(await store.readAll(file.id)),
  /**
   * Hands over a finished resumable upload of the caller's, once (lib/uploads takeFinishedUpload), for the
   * `pdf_upload` and `banner_upload` fields that name one instead of sending the file; without it they are refused.
   */
  takeUpload?: (uploadId: string) => Promise<TakenUpload | null>,
): Promise<GeneratorUpload> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw ApiError.badRequest('Send the form as multipart/form-data.');
  if (!req.body) throw ApiError.badRequest('The request has no body.');
  const declared = Number(req.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > limits.taskBytes + MAX_BANNER_BYTES + 64 * 1024) {
    throw ApiError.tooLarge(`The upload is larger than the ${megabytes(limits.taskBytes)} limit for one task.`);
  }

  const stored: StoredFile[] = [];
  /** The lists of each `pdf_file` part, in the order the parts came (a ZIP's in its own order). */
  const lists: UploadedFile[][] = [];
  const listNames: string[] = [];
  const skipped: string[] = [];
  let banner: UploadedFile | null = null;
  let listParts = 0;
  const listBytes = { total: 0 };
  const fields: Record<string, string> = {};
  const pending: Promise<void>[] = [];
  const streams = new Set<Readable>();
  let failed = false;

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { 'content-type': type },
      limits: { fields: limits.taskFiles + 21, fieldSize: 8 * 1024, files: limits.taskFiles + 1, parts: 2 * limits.taskFiles + 24 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw ApiError.badRequest('The form data could not be read.');
  }

  const countList = () => {
    if (lists.flat().length >= limits.taskFiles) {
      throw ApiError.unprocessable(`One task takes at most ${limits.taskFiles.toLocaleString('en-IN')} voter lists; split them over two tasks.`);
    }
  };

  /** Stores one file's bytes, judged by content; the caller decides what it may be. */
  const keep = async (source: AsyncIterable<Uint8Array>, shown: string, maxBytes: number, tooLarge: string): Promise<UploadedFile> => {
    const sniffer = new Sniffer();
    let file: StoredFile;
    try {
      file = await store.put(sniffer.pass(source), { contentType: 'application/octet-stream', maxBytes });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw ApiError.tooLarge(tooLarge);
      throw error;
    }
    stored.push(file);
    if (file.size === 0) throw ApiError.unprocessable(`${shown} is empty.`);
    return { ...file, name: shown, kind: detectKind(sniffer.sample()) };
  };

  /** Counts a voter list's bytes towards the task's limit as they pass. */
  async function* towardsTask(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      listBytes.total += chunk.length;
      if (listBytes.total > limits.taskBytes) throw new FileTooLargeError(limits.taskBytes);
      yield chunk;
    }
  }

  /** A stored file's kind, judged from its bytes as an uploaded one's is while it streams in. */
  const judgeStored = async (taken: TakenUpload): Promise<UploadedFile> => {
    const file: StoredFile = { id: taken.fileId, size: taken.size, contentType: 'application/octet-stream' };
    stored.push(file);
    const sniffer = new Sniffer();
    for await (const chunk of sniffer.pass(store.read(taken.fileId))) void chunk;
    return { ...file, name: taken.name, kind: detectKind(sniffer.sample()) };
  };

  /** A resumable upload named by a field, taken for this task (once; another's, an unfinished or a used one is refused). */
  const takeNamed = async (field: string, uploadId: string, kind: TakenUpload['kind']): Promise<UploadedFile> => {
    if (!takeUpload) throw ApiError.badRequest(`The ${field} field is not taken here; send the file itself.`);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(uploadId)) throw ApiError.unprocessable(`${field}: ${uploadId.slice(0, 80)} is not an upload id.`);
    const taken = await takeUpload(uploadId);
    // taken as the wrong kind: it is this task's to remove, with the rest of what it took
    if (taken && taken.kind !== kind) stored.push({ id: taken.fileId, size: taken.size, contentType: 'application/octet-stream' });
    if (!taken || taken.kind !== kind) {
      throw ApiError.unprocessable(`The upload ${uploadId} is not finished, was already used, or is not yours; upload the file again.`);
    }
    return judgeStored(taken);
  };

  const bannerFromUpload = async (uploadId: string): Promise<void> => {
    if (banner) throw ApiError.badRequest('Send only one banner.');
    const file = await takeNamed('banner_upload', uploadId, 'banner');
    banner = file;
    await judgeBanner(file);
  };

  const listFromUpload = async (slot: number, uploadId: string): Promise<void> => {
    countList();
    const file = await takeNamed('pdf_upload', uploadId, 'voter_list');
    listNames[slot] = file.name;
    listBytes.total += file.size;
    if (listBytes.total > limits.taskBytes) throw ApiError.tooLarge(`The voter lists are larger than the ${megabytes(limits.taskBytes)} limit for one task.`);
    lists[slot] = await listsIn(file);
  };

  /** What a stored voter-list file gives the task: a ZIP's lists (by name and content), or the file itself when it is a list. */
  const listsIn = async (file: UploadedFile): Promise<UploadedFile[]> => {
    if (isZipName(file.name) && file.kind === 'zip') return unpackLists(file, file.name);
    if (!isVoterListContent(file.name, file.kind)) throw ApiError.unprocessable(`${VOTER_LIST_TYPE_ERROR} (${file.name} is ${describeKind(file.kind)}.)`);
    return [file];
  };

  const storeBanner = async (name: string, stream: Readable): Promise<void> => {
    if (banner) throw ApiError.badRequest('Send only one banner.');
    const shown = checkedName(name, 'banner');
    if (!isBannerName(shown)) throw ApiError.unprocessable(BANNER_TYPE_ERROR);
    const file = await keep(stream, shown, MAX_BANNER_BYTES, `The banner is larger than the ${megabytes(MAX_BANNER_BYTES)} limit.`);
    banner = file;
    await judgeBanner(file);
  };

  const judgeBanner = async (file: UploadedFile): Promise<void> => {
    const shown = file.name;
    const kind = file.kind;
    if (kind !== 'jpeg' && kind !== 'png') throw ApiError.unprocessable(`${BANNER_TYPE_ERROR} (${shown} is ${describeKind(kind)}.)`);
    try {
      await checkBanner(file);
    } catch (error) {
      if (error instanceof BannerError) throw ApiError.unprocessable(error.message);
      throw error;
    }
  };

  const storeVoterList = async (slot: number, name: string, stream: Readable): Promise<void> => {
    const shown = checkedName(name, 'voter list');
    const zipped = isZipName(shown);
    if (!zipped && !isVoterListName(shown)) throw ApiError.unprocessable(VOTER_LIST_TYPE_ERROR);
    countList();
    listNames[slot] = shown;
    const file = await keep(
      towardsTask(stream),
      shown,
      zipped ? limits.taskBytes : limits.listBytes,
      zipped ? `The voter lists are larger than the ${megabytes(limits.taskBytes)} limit for one task.` : `${shown} is larger than the ${megabytes(limits.listBytes)} limit for one voter list.`,
    );
    lists[slot] = await listsIn(file);
  };

  /** A ZIP's voter lists, each stored on its own; the ZIP itself is removed once unpacked. */
  const unpackLists = async (archive: UploadedFile, shown: string): Promise<UploadedFile[]> => {
    const found: UploadedFile[] = [];
    // the ZIP counted towards the task's bytes; its unpacked lists count instead
    listBytes.total -= archive.size;
    try {
      const entries = zipEntries(store.read(archive.id), {
        maxEntries: limits.taskFiles * 2 + 100,
        maxEntryBytes: limits.listBytes,
        maxTotalBytes: Math.max(0, limits.taskBytes - listBytes.total),
        maxRatio: ZIP_MAX_RATIO,
      });
      for await (const entry of entries) {
        if (isArchiveClutter(entry.name)) continue;
        const entryName = displayName(entry.name);
        if (isZipName(entryName)) throw ApiError.unprocessable(nestedZipMessage(shown, entryName));
        if (!isVoterListName(entryName)) {
          skipped.push(entryName);
          continue;
        }
        countList();
        const file = await keep(towardsTask(entry.data), entryName, limits.listBytes, `${entryName} in ${shown} is larger than the ${megabytes(limits.listBytes)} limit for one voter list.`);
        if (file.kind === 'zip') throw ApiError.unprocessable(nestedZipMessage(shown, entryName));
        if (!isVoterListContent(entryName, file.kind)) throw ApiError.unprocessable(`${entryName} in ${shown} is ${describeKind(file.kind)}, not a PDF, Excel or CSV voter list; take it out of the ZIP and try again.`);
        found.push(file);
      }
    } catch (error) {
      if (error instanceof ZipRefusedError) {
        const message = `${shown}: ${error.message}`;
        throw error.reason === 'entry-size' || error.reason === 'total-size' ? ApiError.tooLarge(message) : ApiError.unprocessable(message);
      }
      throw error;
    }
    await store.delete([archive.id]);
    if (found.length === 0) {
      const seen = skipped.length > 0 ? ` It holds ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ` and ${skipped.length - 5} more` : ''}.` : '';
      throw ApiError.unprocessable(`${shown} holds no voter list (a PDF roll or an Excel sheet).${seen}`);
    }
    return found;
  };

  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    fail = (error: unknown) => {
      failed = true;
      reject(error);
    };
    busboy.on('file', (fieldName, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      if (fieldName !== 'pdf_file' && fieldName !== 'banner_file') {
        stream.resume();
        fail(ApiError.badRequest(`Unexpected file field '${fieldName}'; send pdf_file and banner_file.`));
        return;
      }
      streams.add(stream);
      // its errors reach the store's write through the iteration; the event itself must not go unheard
      stream.on('error', () => undefined);
      const name = info.filename ?? '';
      const work = (fieldName === 'banner_file' ? storeBanner(name, stream) : storeVoterList(listParts++, name, stream)).finally(() => streams.delete(stream));
      work.catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
      pending.push(work);
    });
    busboy.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated) {
        fail(ApiError.unprocessable(tooLongField(name)));
        return;
      }
      if (name === 'pdf_upload' || name === 'banner_upload') {
        const work = name === 'pdf_upload' ? listFromUpload(listParts++, value) : bannerFromUpload(value);
        work.catch((error: unknown) => fail(error));
        pending.push(work);
        return;
      }
      fields[name] = value;
      if (!isFieldName(name)) return;
      const judged = generatorFieldShapes[name].safeParse(value);
      if (!judged.success) fail(new ZodError(judged.error.issues.map((issue) => ({ ...issue, path: [name, ...issue.path] }))));
    });
    busboy.on('partsLimit', () => fail(ApiError.badRequest('The form has too many parts.')));
    busboy.on('filesLimit', () => fail(ApiError.unprocessable(`One task takes at most ${limits.taskFiles.toLocaleString('en-IN')} voter lists and one banner.`)));
    busboy.on('fieldsLimit', () => fail(ApiError.badRequest('The form has too many fields.')));
    busboy.on('error', () => fail(ApiError.badRequest('The form data could not be read.')));
    busboy.on('close', () => resolve());
  });

  const body = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('error', () => {
    fail(ApiError.badRequest(INTERRUPTED));
    busboy.destroy();
  });
  body.pipe(busboy);

  try {
    await finished;
    await Promise.all(pending);
    const voterLists = lists.flat();
    if (voterLists.length === 0) throw ApiError.unprocessable(VOTER_LIST_TYPE_ERROR);
    if (!banner) throw ApiError.unprocessable(BANNER_TYPE_ERROR);
    const parsed = generatorFieldsSchema.safeParse(fields);
    if (!parsed.success) throw parsed.error;
    const listName = listNames.length === 1 ? listNames[0] : `${voterLists.length} voter lists`;
    return { fields: parsed.data, voterLists, banner, listName, skipped };
  } catch (error) {
    failed = true;
    body.unpipe(busboy);
    body.resume();
    // A file still streaming gets no more bytes: end its write, so that what it stored is removed.
    for (const stream of streams) stream.destroy();
    await Promise.allSettled(pending);
    await store.delete(stored.map((f) => f.id));
    if (error instanceof ApiError || error instanceof ZodError) throw error;
    throw ApiError.badRequest(INTERRUPTED);
  }
}

/** Packed bytes may unpack to at most this many times as many (past the first 16 MB): real rolls and sheets pack far less tightly. */
const ZIP_MAX_RATIO = 100;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-IN')} MB`;

/** A file name, checked for length and made displayable (never a path). */
function checkedName(name: string, what: string): string {
  if (name.length > MAX_FILE_NAME_LENGTH) {
    throw ApiError.unprocessable(
      `The ${what}'s file name is too long (${name.length.toLocaleString('en-IN')} characters; at most ${MAX_FILE_NAME_LENGTH}). Rename the file and choose it again.`,
    );
  }
  return displayName(name);
}

function nestedZipMessage(zip: string, inner: string): string {
  return `${zip} holds another ZIP (${inner}); unpack it and put its voter lists in the ZIP itself, or upload them as files.`;
}
