/**
 * The one storage interface for uploads and generated files. Ids are generated here
 * (random UUIDs): no user-supplied name ever becomes a path or a key.
 */
export interface StoredFile {
  id: string;
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (and remove what was written) once more than this many bytes arrive. */
  maxBytes?: number;
}

export interface FileStore {
  readonly driver: 'disk' | 'database';
  /** Writes a stream as a new file. The file exists for readers only once the whole stream is written. */
  put(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: PutOptions): Promise<StoredFile>;
  /** Metadata of a complete file, or null. */
  stat(id: string): Promise<StoredFile | null>;
  /** The file's bytes as a stream (bounded memory: one chunk at a time). Throws FileNotFoundError. */
  read(id: string): AsyncIterable<Uint8Array>;
  /** The whole file in one buffer (for parsers that need it whole). */
  readAll(id: string): Promise<Buffer>;
  /** Removes files; unknown ids are ignored. */
  delete(ids: readonly (string | null | undefined)[]): Promise<void>;
  /**
   * Removes partial files whose writer is gone (a process killed mid-write): those whose hold ran out
   * before `now`, or with `all` every unfinished one — only when no other process can be writing.
   * Answers how many were removed.
   */
  removeUnfinished(options?: { now?: Date; all?: boolean }): Promise<number>;
}

export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${Math.round(limit / (1024 * 1024))} MB.`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  constructor(id: string) {
    super(`Stored file ${id} was not found (deleted, or never finished writing).`);
    this.name = 'FileNotFoundError';
  }
}
