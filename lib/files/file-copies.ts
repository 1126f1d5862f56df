import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore, PutOptions, StoredFile } from './types';

/** A stored file copied to a local path (streamed: one chunk in memory at a time). */
export async function copyStoredFileTo(store: FileStore, id: string, file: string): Promise<void> {
  await pipeline(Readable.from(store.read(id)), createWriteStream(file));
}

/** A local file put into the store as a new file (streamed). */
export function putLocalFile(store: FileStore, file: string, options: PutOptions): Promise<StoredFile> {
  return store.put(createReadStream(file, { highWaterMark: 1024 * 1024 }), options);
}

/** A local file's bytes, then its folder removed (also when the reader stops early): an answer made in a scratch folder. */
export async function* readThenRemove(file: string, dir: string): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of createReadStream(file)) yield chunk as Uint8Array;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
