import { createReadStream, createWriteStream } from 'node:fs';
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
