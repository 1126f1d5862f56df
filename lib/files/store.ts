import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Db } from '@/db/client';
import {
  completeFileRecord,
  deleteFileRecords,
  extendFileWrite,
  findChunk,
  findFileRecord,
  findUnfinishedFiles,
  insertChunk,
  insertFileRecord,
} from '@/db/queries/files';
import { rechunk } from './chunker';
import { FileNotFoundError, FileTooLargeError, type FileStore, type PutOptions, type StoredFile } from './types';

/** Chunk size of the database driver: large enough for few round trips, small enough to stream. */
export const DB_CHUNK_BYTES = 1024 * 1024;

/**
 * How long a partial file is held for its writer. A writer renews the hold three times within it, so only
 * a writer that is gone (its process killed) lets it run out.
 */
export const FILE_WRITE_HOLD_MS = 60_000;

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
    const ids = await findUnfinishedFiles(this.db, { now: options.now ?? new Date(), all: options.all });
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
