import { Readable } from 'node:stream';
import path from 'node:path';
import Busboy from 'busboy';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { FileTooLargeError, type FileStore, type StoredFile } from '@/lib/files';
import { describeKind, detectKind } from '@/lib/slips/ingest/detect';
import { BannerError, inspectBanner } from '@/lib/slips/render/banner';
import {
  MAX_ADDRESS_LENGTH,
  MAX_FILE_NAME_LENGTH,
  generatorFieldShapes,
  generatorFieldsSchema,
  type GeneratorFields,
} from './form';
import { BANNER_TYPE_ERROR, MAX_BANNER_BYTES, VOTER_LIST_TYPE_ERROR, isBannerName, isVoterListName } from './upload-rules';

export interface UploadedFile extends StoredFile {
  /** The name the user's file had (display only; never used as a path). */
  name: string;
  kind: 'pdf' | 'xlsx' | 'xls' | 'jpeg' | 'png';
}

export interface GeneratorUpload {
  fields: GeneratorFields;
  voterList: UploadedFile;
  banner: UploadedFile;
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
const SLOT_NAMES: Record<Slot, string> = { pdf_file: 'voter list', banner_file: 'banner' };

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
 */
export async function readGeneratorUpload(
  req: Request,
  store: FileStore,
  maxUploadBytes: number,
  /** Checks a stored banner (the server passes one that decodes it in a sandbox process); throws BannerError for a bad one. */
  checkBanner: (file: StoredFile) => Promise<unknown> = async (file) => inspectBanner(await store.readAll(file.id)),
): Promise<GeneratorUpload> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw ApiError.badRequest('Send the form as multipart/form-data.');
  if (!req.body) throw ApiError.badRequest('The request has no body.');
  const declared = Number(req.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxUploadBytes + MAX_BANNER_BYTES + 64 * 1024) {
    throw ApiError.tooLarge(`The upload is larger than the ${Math.round(maxUploadBytes / (1024 * 1024))} MB limit.`);
  }

  const stored: UploadedFile[] = [];
  const files = new Map<Slot, UploadedFile>();
  const fields: Record<string, string> = {};
  const pending: Promise<void>[] = [];
  const streams = new Set<Readable>();
  let failed = false;

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { 'content-type': type },
      limits: { fields: 20, fieldSize: 8 * 1024, files: 2, parts: 24 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw ApiError.badRequest('The form data could not be read.');
  }

  const storeFile = async (slot: Slot, name: string, stream: Readable): Promise<void> => {
    const isVoterList = slot === 'pdf_file';
    const what = SLOT_NAMES[slot];
    const accepted = isVoterList ? isVoterListName : isBannerName;
    const typeError = isVoterList ? VOTER_LIST_TYPE_ERROR : BANNER_TYPE_ERROR;
    if (files.has(slot)) throw ApiError.badRequest(`Send only one ${what}.`);
    if (name.length > MAX_FILE_NAME_LENGTH) {
      throw ApiError.unprocessable(
        `The ${what}'s file name is too long (${name.length.toLocaleString('en-IN')} characters; at most ${MAX_FILE_NAME_LENGTH}). Rename the file and choose it again.`,
      );
    }
    const shown = displayName(name);
    if (!accepted(shown)) throw ApiError.unprocessable(typeError);
    const sniffer = new Sniffer();
    const limit = isVoterList ? maxUploadBytes : MAX_BANNER_BYTES;
    let file: StoredFile;
    try {
      file = await store.put(sniffer.pass(stream), { contentType: 'application/octet-stream', maxBytes: limit });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw ApiError.tooLarge(`The ${what} is larger than the ${Math.round(limit / (1024 * 1024))} MB limit.`);
      throw error;
    }
    const kind = detectKind(sniffer.sample());
    const entry: UploadedFile = { ...file, name: shown, kind: kind as UploadedFile['kind'] };
    stored.push(entry);
    files.set(slot, entry);
    if (file.size === 0) throw ApiError.unprocessable(`${shown} is empty.`);
    const fits = isVoterList ? kind === 'pdf' || kind === 'xlsx' || kind === 'xls' : kind === 'jpeg' || kind === 'png';
    if (!fits) throw ApiError.unprocessable(`${typeError} (${shown} is ${describeKind(kind)}.)`);
    if (!isVoterList) {
      try {
        await checkBanner(file);
      } catch (error) {
        if (error instanceof BannerError) throw ApiError.unprocessable(error.message);
        throw error;
      }
    }
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
      const work = storeFile(fieldName, info.filename ?? '', stream).finally(() => streams.delete(stream));
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
      fields[name] = value;
      if (!isFieldName(name)) return;
      const judged = generatorFieldShapes[name].safeParse(value);
      if (!judged.success) fail(new ZodError(judged.error.issues.map((issue) => ({ ...issue, path: [name, ...issue.path] }))));
    });
    busboy.on('partsLimit', () => fail(ApiError.badRequest('The form has too many parts.')));
    busboy.on('filesLimit', () => fail(ApiError.badRequest('Send exactly two files: pdf_file and banner_file.')));
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
    const voterList = files.get('pdf_file');
    const banner = files.get('banner_file');
    if (!voterList) throw ApiError.unprocessable(VOTER_LIST_TYPE_ERROR);
    if (!banner) throw ApiError.unprocessable(BANNER_TYPE_ERROR);
    const parsed = generatorFieldsSchema.safeParse(fields);
    if (!parsed.success) throw parsed.error;
    return { fields: parsed.data, voterList, banner };
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
