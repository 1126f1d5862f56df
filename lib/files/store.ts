import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Db } from '@/db/client';
import {
  advancePiecewiseWrite,
  appendChunk,
  claimPiecewiseWrite,
  completeFileRecord,
  completePiecewiseFile,
  deleteFileRecords,
  extendFileWrite,
  findChunk,
  findFileRecord,
  findPiecewiseFile,
  findUnfinishedFiles,
  insertChunk,
  insertFileRecord,
  insertPiecewiseFileRecord,
  nextChunkSeq,
  releasePiecewiseWrite,
  renewPiecewiseWrite,
} from '@/db/queries/files';
import { rechunk } from './chunker';
import { FileNotFoundError, FileTooLargeError, WriteConflictError, type FileStore, type PieceProgress, type PutOptions, type StoredFile } from './types';

/** Chunk size of the database driver: large enough for few round trips, small enough to stream. */
export const DB_CHUNK_BYTES = 1024 * 1024;

/**
 * How long a partial file is held for its writer. A writer renews the hold three times within it, so only
 * a writer that is gone (its process killed) lets it run out.
 */
export const FILE_WRITE_HOLD_MS = 60_000;

/**
 * A file written in pieces older than this is left over whatever its state (its owner, an upload, is
 * removed after a day; this only catches a file whose owner never came to be).
 */
export const PIECEWISE_FILE_MAX_AGE_MS = 48 * 3600 * 1000;

/** The bytes of `source` that fit in `room`; past it, FileTooLargeError (after yielding what fits). */
async function* within(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, room: number, limit: number) {
  let left = room;
  for await (const piece of source) {
    if (piece.length > left) {
      if (left > 0) yield piece.subarray(0, left);
      throw new FileTooLargeError(limit);
    }
    left -= piece.length;
    yield piece;
  }
}

/** What an append writes with: the file, who holds it, where the file ends when the append starts. */
export interface AppendTarget {
  id: string;
  writer: string;
  offset: number;
}

/** Counts bytes as they pass and refuses past the limit. */
async function* limited(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxBytes: number | undefined, counter: { bytes: number }) {
  for await (const piece of source) {
    counter.bytes += piece.length;
    if (maxBytes !== undefined && counter.bytes > maxBytes) throw new FileTooLargeError(maxBytes);
    yield piece;
  }
}

abstract class BaseStore implements FileStore {
  abstract readonly driver: 'disk' | 'database';
  constructor(protected readonly db: Db) {}

  protected abstract writeBytes(id: string, source: AsyncIterable<Uint8Array>): Promise<void>;
  protected abstract removeBytes(id: string): Promise<void>;
  abstract read(id: string): AsyncIterable<Uint8Array>;

  async put(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: PutOptions): Promise<StoredFile> {
    const id = randomUUID();
    const holdUntil = () => new Date(Date.now() + FILE_WRITE_HOLD_MS);
    await insertFileRecord(this.db, id, options.contentType, holdUntil());
    const renewal = setInterval(() => {
      extendFileWrite(this.db, id, holdUntil()).catch((error: unknown) =>
        console.warn(`[files] could not renew the hold on ${id}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, FILE_WRITE_HOLD_MS / 3);
    renewal.unref();
    const counter = { bytes: 0 };
    try {
      await this.writeBytes(id, limited(source, options.maxBytes, counter));
      if (!(await completeFileRecord(this.db, id, counter.bytes))) throw new FileNotFoundError(id);
    } catch (error) {
      await this.delete([id]);
      throw error;
    } finally {
      clearInterval(renewal);
    }
    return { id, size: counter.bytes, contentType: options.contentType };
  }

  async removeUnfinished(options: { now?: Date; all?: boolean } = {}): Promise<number> {
    const now = options.now ?? new Date();
    const ids = await findUnfinishedFiles(this.db, { now, all: options.all, piecewiseBefore: new Date(now.getTime() - PIECEWISE_FILE_MAX_AGE_MS) });
    await this.delete(ids);
    return ids.length;
  }

  async stat(id: string): Promise<StoredFile | null> {
    const row = await findFileRecord(this.db, id);
    if (!row || !row.completedAt) return null;
    return { id: row.id, size: row.size, contentType: row.contentType };
  }

  async readAll(id: string): Promise<Buffer> {
    const file = await this.stat(id);
    if (!file) throw new FileNotFoundError(id);
    const out = Buffer.allocUnsafe(file.size);
    let offset = 0;
    for await (const piece of this.read(id)) {
      out.set(piece, offset);
      offset += piece.length;
    }
    if (offset !== file.size) throw new FileNotFoundError(id);
    return out;
  }

  async delete(ids: readonly (string | null | undefined)[]): Promise<void> {
    const real = ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
    for (const id of real) await this.removeBytes(id);
    await deleteFileRecords(this.db, real);
  }

  /** Makes the driver's empty file for a file written in pieces. */
  protected abstract createEmpty(id: string): Promise<void>;
  /**
   * Writes `source` at `target.offset` and records each stretch written (`advance` or the driver's own
   * atomic step) while `target.writer` holds the file, also when the source fails part-way. Answers where
   * the file ends now.
   */
  protected abstract appendBytes(target: AppendTarget, source: AsyncIterable<Uint8Array>): Promise<number>;
  /** Cuts the driver's bytes to `size` (a writer that died may have written past what it recorded). */
  protected abstract trimTo(id: string, size: number): Promise<void>;

  async begin(options: { contentType: string; expectedSize: number }): Promise<string> {
    if (!Number.isSafeInteger(options.expectedSize) || options.expectedSize < 0) throw new RangeError(`Bad expected size ${options.expectedSize}.`);
    const id = randomUUID();
    await insertPiecewiseFileRecord(this.db, id, options.contentType, options.expectedSize);
    try {
      await this.createEmpty(id);
    } catch (error) {
      await this.delete([id]);
      throw error;
    }
    return id;
  }

  async progress(id: string): Promise<PieceProgress | null> {
    const row = await findPiecewiseFile(this.db, id);
    return row && { written: row.written, expectedSize: row.expectedSize, complete: row.complete };
  }

  async append(id: string, offset: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number> {
    const state = await findPiecewiseFile(this.db, id);
    if (!state) throw new FileNotFoundError(id);
    if (state.complete) throw new WriteConflictError('The file is complete already.');
    if (state.written !== offset) throw new WriteConflictError(`The file has ${state.written} bytes; a piece must start there, not at ${offset}.`);
    const writer = randomUUID();
    const holdUntil = () => new Date(Date.now() + FILE_WRITE_HOLD_MS);
    if (!(await claimPiecewiseWrite(this.db, id, offset, writer, holdUntil(), new Date()))) {
      const now = await findPiecewiseFile(this.db, id);
      if (!now) throw new FileNotFoundError(id);
      throw new WriteConflictError(now.written === offset ? 'The file is being written by another request.' : `The file has ${now.written} bytes; a piece must start there.`);
    }
    const renewal = setInterval(() => {
      renewPiecewiseWrite(this.db, id, writer, holdUntil()).catch((error: unknown) =>
        console.warn(`[files] could not renew the hold on ${id}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, FILE_WRITE_HOLD_MS / 3);
    renewal.unref();
    try {
      return await this.appendBytes({ id, writer, offset }, within(source, state.expectedSize - offset, state.expectedSize));
    } finally {
      clearInterval(renewal);
      await releasePiecewiseWrite(this.db, id, writer);
    }
  }

  async finish(id: string): Promise<StoredFile> {
    const state = await findPiecewiseFile(this.db, id);
    if (!state) throw new FileNotFoundError(id);
    const done: StoredFile = { id, size: state.expectedSize, contentType: state.contentType };
    if (state.complete) return done;
    if (state.written !== state.expectedSize) throw new WriteConflictError(`The file has ${state.written} of its ${state.expectedSize} bytes.`);
    await this.trimTo(id, state.expectedSize);
    if (await completePiecewiseFile(this.db, id, new Date())) return done;
    if (await this.stat(id)) return done;
    throw new WriteConflictError('The file is being written by another request.');
  }

  /** Records that the writer's bytes reach `written`; WriteConflictError when it lost the file meanwhile. */
  protected async advance(target: AppendTarget, written: number): Promise<void> {
    if (!(await advancePiecewiseWrite(this.db, target.id, target.writer, written))) throw new WriteConflictError('The file was taken by another writer.');
  }
}

/**
 * Runs `write` over the source's pieces and then `settle`, also when the source fails part-way (what
 * arrived before the failure is settled, then the failure is thrown).
 */
async function settleEvenOnFailure(source: AsyncIterable<Uint8Array>, write: (piece: Uint8Array) => Promise<void>, settle: () => Promise<void>): Promise<void> {
  try {
    for await (const piece of source) await write(piece);
  } catch (error) {
    try {
      await settle();
    } catch (settling) {
      console.warn(`[files] could not keep the bytes before a failed write: ${settling instanceof Error ? settling.message : String(settling)}`);
    }
    throw error;
  }
  await settle();
}

/** Files under DATA_DIR/files: the default, for one process (PGlite). Names are our UUIDs, never the user's. */
export class DiskFileStore extends BaseStore {
  readonly driver = 'disk' as const;
  constructor(db: Db, private readonly root: string) {
    super(db);
  }

  private pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new FileNotFoundError(id);
    return path.join(this.root, id.slice(0, 2), id);
  }

  protected async writeBytes(id: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const file = this.pathOf(id);
    await mkdir(path.dirname(file), { recursive: true });
    const out = createWriteStream(file, { flags: 'wx' });
    try {
      for await (const piece of source) {
        if (!out.write(piece)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
    } catch (error) {
      // wait until the file is closed: a stream destroyed before its open finished still creates the
      // file, and it must exist before the caller removes it
      const closed = out.closed ? Promise.resolve() : once(out, 'close').then(() => undefined);
      out.destroy();
      await closed;
      throw error;
    }
  }

  protected async removeBytes(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  protected async createEmpty(id: string): Promise<void> {
    const file = this.pathOf(id);
    await mkdir(path.dirname(file), { recursive: true });
    await (await open(file, 'wx')).close();
  }

  protected async appendBytes(target: AppendTarget, source: AsyncIterable<Uint8Array>): Promise<number> {
    let handle;
    try {
      handle = await open(this.pathOf(target.id), 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(target.id);
      throw error;
    }
    let written = target.offset;
    let recorded = target.offset;
    const record = async () => {
      if (written === recorded) return;
      await this.advance(target, written);
      recorded = written;
    };
    try {
      await settleEvenOnFailure(
        source,
        async (piece) => {
          let done = 0;
          while (done < piece.length) {
            const { bytesWritten } = await handle.write(piece, done, piece.length - done, written + done);
            done += bytesWritten;
          }
          written += piece.length;
          // the count in the database trails the bytes on disk by at most a chunk; bytes past it are written again
          if (written - recorded >= DB_CHUNK_BYTES) await record();
        },
        record,
      );
    } finally {
      await handle.close();
    }
    return written;
  }

  protected async trimTo(id: string, size: number): Promise<void> {
    await truncate(this.pathOf(id), size);
  }

  async *read(id: string): AsyncIterable<Uint8Array> {
    const file = await this.stat(id);
    if (!file) throw new FileNotFoundError(id);
    yield* createReadStream(this.pathOf(id), { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>;
  }
}

/** Files in the database, in 1 MB chunks: every app instance sharing the PostgreSQL server sees them. */
export class DatabaseFileStore extends BaseStore {
  readonly driver = 'database' as const;

  protected async writeBytes(id: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    let seq = 0;
    for await (const chunk of rechunk(source, DB_CHUNK_BYTES)) {
      try {
        await insertChunk(this.db, id, seq++, chunk);
      } catch (error) {
        // the record was removed meanwhile (taken for abandoned): say so, not the foreign-key failure
        if (!(await findFileRecord(this.db, id))) throw new FileNotFoundError(id);
        throw error;
      }
    }
  }

  protected async removeBytes(): Promise<void> {
    // chunks go with the file record (ON DELETE CASCADE)
  }

  protected async createEmpty(): Promise<void> {
    // the record is the file
  }

  protected async appendBytes(target: AppendTarget, source: AsyncIterable<Uint8Array>): Promise<number> {
    let seq = await nextChunkSeq(this.db, target.id);
    let written = target.offset;
    let buffer = Buffer.allocUnsafe(DB_CHUNK_BYTES);
    let filled = 0;
    // each chunk and the count it brings are stored together, so the count never runs ahead of the chunks;
    // the chunk a failure interrupts is stored short
    const store = async () => {
      if (filled === 0) return;
      const chunk = buffer.subarray(0, filled);
      if (!(await appendChunk(this.db, target.id, target.writer, seq, chunk, written))) throw new WriteConflictError('The file was taken by another writer.');
      seq++;
      written += filled;
      buffer = Buffer.allocUnsafe(DB_CHUNK_BYTES);
      filled = 0;
    };
    await settleEvenOnFailure(
      source,
      async (piece) => {
        let at = 0;
        while (at < piece.length) {
          const take = Math.min(DB_CHUNK_BYTES - filled, piece.length - at);
          buffer.set(piece.subarray(at, at + take), filled);
          filled += take;
          at += take;
          if (filled === DB_CHUNK_BYTES) await store();
        }
      },
      store,
    );
    return written;
  }

  protected async trimTo(): Promise<void> {
    // chunks are stored only with the count they bring: there is never more than the count says
  }

  async *read(id: string): AsyncIterable<Uint8Array> {
    const file = await this.stat(id);
    if (!file) throw new FileNotFoundError(id);
    for (let seq = 0; ; seq++) {
      const chunk = await findChunk(this.db, id, seq);
      if (!chunk) return;
      yield chunk;
    }
  }
}
