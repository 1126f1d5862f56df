import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

/**
 * The files of a ZIP archive, read as a stream (the archive is never whole in memory, nor is any of its
 * files): each entry's bytes are handed on as they are unpacked, under limits that stop a ZIP bomb early.
 * The archive is hostile: its entry names are only ever shown, never used as paths; an entry whose name
 * climbs out of its folder refuses the whole archive, since a tool that unpacks it could write outside it.
 */
export interface ZipLimits {
  /** Entries the archive may hold, folders and skipped files included. */
  maxEntries: number;
  /** Unpacked bytes of one entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all entries together. */
  maxTotalBytes: number;
  /** Unpacked bytes per packed byte read, past the first `ratioAllowanceBytes` (a bomb packs far tighter than any real file). */
  maxRatio: number;
  ratioAllowanceBytes?: number;
}

/** Why an archive is refused: the words are the user's (ApiError messages are made from them). */
export class ZipRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'entries' | 'entry-size' | 'total-size' | 'ratio' | 'unsafe-name' | 'damaged',
  ) {
    super(message);
    this.name = 'ZipRefusedError';
  }
}

export interface ZipEntry {
  /** The entry's full name in the archive (folders included), as stored; display only. */
  name: string;
  /** Its unpacked bytes; read them before asking for the next entry (an entry not read is skipped). */
  data: AsyncIterable<Uint8Array>;
}

/** Pieces of the archive handed to the unpacker at a time: what one piece can unpack to stays bounded. */
const PIECE_BYTES = 16 * 1024;
const DEFAULT_RATIO_ALLOWANCE = 16 * 1024 * 1024;

type Event = { kind: 'file'; name: string } | { kind: 'data'; bytes: Uint8Array; final: boolean } | { kind: 'end' };

/** Whether an entry's name could climb out of the folder it is unpacked in (`../x`, `/etc/x`, `C:\x`). */
export function isUnsafeEntryName(name: string): boolean {
  const unified = name.replace(/\\/g, '/');
  return unified.startsWith('/') || /^[A-Za-z]:/.test(unified) || unified.split('/').some((part) => part === '..') || unified.includes('\0');
}

/** Folders, and the files operating systems add to archives (`__MACOSX/…`, `.DS_Store`, `Thumbs.db`): never a user's file. */
export function isArchiveClutter(name: string): boolean {
  const unified = name.replace(/\\/g, '/');
  if (unified.endsWith('/')) return true;
  const parts = unified.split('/');
  const base = parts[parts.length - 1];
  return parts.includes('__MACOSX') || base.startsWith('.') || base.toLowerCase() === 'thumbs.db' || base.toLowerCase() === 'desktop.ini';
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-IN')} MB`;

/**
 * The archive's entries in order, each unpacked as it is read. Throws ZipRefusedError when a limit is
 * passed or an entry's name is unsafe, and for an archive it cannot read.
 */
export async function* zipEntries(source: AsyncIterable<Uint8Array>, limits: ZipLimits): AsyncGenerator<ZipEntry> {
  const input = source[Symbol.asyncIterator]();
  const queue: Event[] = [];
  let failure: Error | null = null;
  let ended = false;
  let entries = 0;
  let packed = 0;
  let unpacked = 0;
  let entryBytes = 0;
  const allowance = limits.ratioAllowanceBytes ?? DEFAULT_RATIO_ALLOWANCE;

  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    entries += 1;
    if (entries > limits.maxEntries) {
      failure = new ZipRefusedError(`The ZIP holds more than ${limits.maxEntries.toLocaleString('en-IN')} files; split it into smaller ZIPs.`, 'entries');
      return;
    }
    if (isUnsafeEntryName(file.name)) {
      failure = new ZipRefusedError(`The ZIP holds a file whose name leads out of its folder (${file.name.slice(0, 120)}); it was refused. Make the ZIP again from the files themselves.`, 'unsafe-name');
      return;
    }
    queue.push({ kind: 'file', name: file.name });
    entryBytes = 0;
    file.ondata = (error, bytes, final) => {
      if (failure) return;
      if (error) {
        failure = new ZipRefusedError(`The ZIP could not be read (${file.name.slice(0, 120)}: ${error.message}). Make the ZIP again and upload it again.`, 'damaged');
        return;
      }
      entryBytes += bytes.length;
      unpacked += bytes.length;
      if (entryBytes > limits.maxEntryBytes) {
        failure = new ZipRefusedError(`${file.name.slice(0, 120)} in the ZIP is larger than the ${mb(limits.maxEntryBytes)} limit for one voter list.`, 'entry-size');
        return;
      }
      if (unpacked > limits.maxTotalBytes) {
        failure = new ZipRefusedError(`The ZIP's files together are larger than the ${mb(limits.maxTotalBytes)} limit for one task.`, 'total-size');
        return;
      }
      if (unpacked > allowance && unpacked > packed * limits.maxRatio) {
        failure = new ZipRefusedError('The ZIP unpacks to far more than it holds, as no real voter list does (a "ZIP bomb"); it was refused.', 'ratio');
        return;
      }
      queue.push({ kind: 'data', bytes, final });
    };
    try {
      file.start();
    } catch (error) {
      failure = new ZipRefusedError(`The ZIP could not be read (${file.name.slice(0, 120)}: ${error instanceof Error ? error.message : String(error)}).`, 'damaged');
    }
  });
  unzip.register(UnzipInflate);

  /** Feeds the unpacker one more piece of the archive; false once the archive has ended. */
  const fill = async (): Promise<boolean> => {
    if (ended) return false;
    const next = await input.next();
    try {
      if (next.done) {
        unzip.push(new Uint8Array(0), true);
        ended = true;
        queue.push({ kind: 'end' });
        return false;
      }
      const chunk = next.value;
      for (let at = 0; at < chunk.length && !failure; at += PIECE_BYTES) {
        const piece = chunk.subarray(at, at + PIECE_BYTES);
        packed += piece.length;
        unzip.push(piece, false);
      }
    } catch (error) {
      failure ??= new ZipRefusedError(`The ZIP could not be read (${error instanceof Error ? error.message : String(error)}). Make the ZIP again and upload it again.`, 'damaged');
    }
    return true;
  };

  /** The next event, feeding the unpacker as needed; throws the archive's failure. */
  const nextEvent = async (): Promise<Event> => {
    for (;;) {
      if (failure) throw failure;
      const event = queue.shift();
      if (event) return event;
      if (!(await fill()) && queue.length === 0) {
        if (failure) throw failure;
        return { kind: 'end' };
      }
    }
  };

  let pending: Event | null = null;
  try {
    for (;;) {
      const event = pending ?? (await nextEvent());
      pending = null;
      if (event.kind === 'end') return;
      if (event.kind !== 'file') continue; // the rest of an entry the reader skipped
      let done = false;
      const data = async function* (): AsyncGenerator<Uint8Array> {
        while (!done) {
          const next = await nextEvent();
          if (next.kind !== 'data') {
            pending = next;
            done = true;
            return;
          }
          if (next.bytes.length > 0) yield next.bytes;
          if (next.final) done = true;
        }
      };
      yield { name: event.name, data: data() };
    }
  } finally {
    await input.return?.();
  }
}
