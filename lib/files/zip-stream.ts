import { Zip, ZipPassThrough } from 'fflate';

/**
 * Files as one ZIP, made as a stream: each file's bytes pass through as they are read, stored rather than
 * packed again (the PDFs and PNGs put in ZIPs here are compressed already), so a ZIP of a gigabyte never
 * sits in memory. Names are made unique (`a.pdf`, `a (2).pdf`).
 */
export async function* zipStream(entries: Iterable<{ name: string; data: () => AsyncIterable<Uint8Array> }>, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const seen = new Map<string, number>();
  for (const entry of entries) {
    const file = new ZipPassThrough(uniqueName(entry.name, seen));
    file.mtime = new Date();
    zip.add(file);
    for await (const chunk of entry.data()) {
      if (signal?.aborted) throw signal.reason;
      file.push(chunk);
      if (failure) throw failure;
      yield* out.splice(0);
    }
    file.push(new Uint8Array(0), true);
    yield* out.splice(0);
  }
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

/** The name, or with a counter when an earlier entry took it (any case). */
function uniqueName(name: string, seen: Map<string, number>): string {
  const key = name.toLowerCase();
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return n === 1 ? name : name.replace(/(\.[^.]+)?$/, (ext) => ` (${n})${ext}`);
}
