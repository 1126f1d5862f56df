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

  /**
   * Files written in pieces (resumable uploads): `begin` makes an empty file that will hold exactly
   * `expectedSize` bytes, `append` adds bytes where the file ends, `finish` makes it a complete file. Until
   * then readers do not see it (stat answers null, read throws FileNotFoundError). A partial file is kept
   * between pieces and across restarts; removeUnfinished takes it only once it is older than
   * PIECEWISE_FILE_MAX_AGE_MS (its owner, the uploads' purge, removes it sooner).
   */
  begin(options: { contentType: string; expectedSize: number }): Promise<string>;
  /** How far a file written in pieces has got, or null when there is no such file. */
  progress(id: string): Promise<PieceProgress | null>;
  /**
   * Appends the source at `offset`, which must be the number of bytes written so far; one append at a time
   * per file, on any process (WriteConflictError otherwise, nothing written). Every byte that arrives is
   * kept, also when the source fails part-way (a dropped connection): the next append resumes after the
   * last one. Never writes past the expected size (FileTooLargeError, the bytes before it kept). Answers
   * the bytes written so far.
   */
  append(id: string, offset: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number>;
  /** Makes a file written in pieces complete once all its bytes are there (WriteConflictError otherwise); idempotent. */
  finish(id: string): Promise<StoredFile>;
}

export interface PieceProgress {
  written: number;
  expectedSize: number;
  complete: boolean;
}

/** A piece that does not start where the file ends, a file another append is writing, or a finish before the last byte. */
export class WriteConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteConflictError';
  }
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
