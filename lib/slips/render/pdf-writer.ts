/**
 * An incremental PDF writer on top of pdf-lib's object model.
 *
 * Objects are built in a pdf-lib PDFContext, then written to the sink as soon as a page is complete,
 * following references from the page (so objects nobody references — e.g. copier leftovers — are
 * pruned), and dropped from the context. Only objects marked "deferred" (the page tree root and the
 * font, whose glyph widths are known only at the end) stay in memory until `finish`. Memory is
 * therefore bounded by one page plus the shared resources, whatever the number of pages.
 */
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';

export interface ByteSink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_BYTES = 1 << 20;
const STREAM_START = new TextEncoder().encode('\nstream\n');
const STREAM_END = new TextEncoder().encode('\nendstream');
const ENDOBJ = new TextEncoder().encode('\nendobj\n');

export class StreamingPdfWriter {
  readonly context: PDFContext;
  private readonly sink: ByteSink;
  private offset = 0;
  private readonly offsets = new Map<number, number>();
  private readonly deferred = new Set<number>();
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly enc = new TextEncoder();

  constructor(sink: ByteSink) {
    this.sink = sink;
    this.context = PDFContext.create();
    // Header with a binary comment so transports treat the file as binary.
    this.push(Uint8Array.from([...this.enc.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  }

  /** Marks a reference as written later, by `writeNow` before `finish`. */
  defer(ref: PDFRef): void {
    this.deferred.add(ref.objectNumber);
  }

  /** Writes every not-yet-written object reachable from `root` (except deferred ones) and drops it from memory. */
  async writeReachable(root: PDFObject): Promise<void> {
    const stack: PDFObject[] = [root];
    while (stack.length > 0) {
      const obj = stack.pop() as PDFObject;
      if (obj instanceof PDFRef) {
        const n = obj.objectNumber;
        if (this.offsets.has(n) || this.deferred.has(n)) continue;
        const target = this.context.lookup(obj);
        if (target === undefined) throw new Error(`Dangling PDF reference ${n}`);
        this.emit(obj, target);
        this.context.delete(obj);
        stack.push(target);
      } else if (obj instanceof PDFDict) {
        for (const [, value] of obj.entries()) stack.push(value);
      } else if (obj instanceof PDFArray) {
        for (let i = 0; i < obj.size(); i++) stack.push(obj.get(i));
      } else if (obj instanceof PDFStream) {
        stack.push(obj.dict);
      }
    }
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  /** Writes a deferred object now (it must be complete), then everything it references. */
  async writeDeferred(ref: PDFRef): Promise<void> {
    this.deferred.delete(ref.objectNumber);
    await this.writeReachable(ref);
  }

  /** Writes the cross-reference table and trailer, then closes the sink. */
  async finish(catalogRef: PDFRef, infoRef?: PDFRef): Promise<void> {
    await this.writeReachable(catalogRef);
    if (infoRef) await this.writeReachable(infoRef);
    if (this.deferred.size > 0) throw new Error(`Unwritten deferred PDF objects: ${[...this.deferred].join(', ')}`);
    const size = this.context.largestObjectNumber + 1;
    const xrefOffset = this.offset;
    const lines: string[] = [`xref\n0 ${size}\n`, '0000000000 65535 f \n'];
    for (let n = 1; n < size; n++) {
      const off = this.offsets.get(n);
      lines.push(off === undefined ? '0000000000 00001 f \n' : `${String(off).padStart(10, '0')} 00000 n \n`);
    }
    const info = infoRef ? ` /Info ${infoRef.objectNumber} 0 R` : '';
    lines.push(`trailer\n<< /Size ${size} /Root ${catalogRef.objectNumber} 0 R${info} >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
    this.push(this.enc.encode(lines.join('')));
    await this.flush();
    await this.sink.close();
  }

  get bytesWritten(): number {
    return this.offset;
  }

  private emit(ref: PDFRef, obj: PDFObject): void {
    this.offsets.set(ref.objectNumber, this.offset);
    this.push(this.enc.encode(`${ref.objectNumber} 0 obj\n`));
    if (obj instanceof PDFRawStream) {
      // pdf-lib copies stream contents byte by byte; write the dictionary, then the contents as they are.
      obj.dict.set(PDFName.of('Length'), PDFNumber.of(obj.contents.length));
      const dict = new Uint8Array(obj.dict.sizeInBytes());
      obj.dict.copyBytesInto(dict, 0);
      this.push(dict);
      this.push(STREAM_START);
      this.push(obj.contents);
      this.push(STREAM_END);
    } else {
      const body = new Uint8Array(obj.sizeInBytes());
      obj.copyBytesInto(body, 0);
      this.push(body);
    }
    this.push(ENDOBJ);
  }

  private push(bytes: Uint8Array): void {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.offset += bytes.length;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.sink.write(chunk);
  }
}

/** A sink over a file path. */
export async function fileSink(path: string): Promise<ByteSink> {
  const fs = await import('node:fs/promises');
  const handle = await fs.open(path, 'w');
  return {
    async write(chunk) {
      let done = 0;
      while (done < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, done, chunk.length - done);
        done += bytesWritten;
      }
    },
    async close() {
      await handle.close();
    },
  };
}

/** A sink over a Node writable stream, honouring backpressure. Does not end the stream unless asked. */
export function streamSink(stream: NodeJS.WritableStream, end = true): ByteSink {
  return {
    write(chunk) {
      return new Promise((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        stream.once('error', onError);
        const ok = stream.write(chunk, (err) => {
          stream.removeListener('error', onError);
          if (err) reject(err);
          else if (ok) resolve();
        });
        if (!ok) stream.once('drain', () => resolve());
      });
    },
    close() {
      if (!end) return Promise.resolve();
      return new Promise((resolve, reject) => {
        stream.once('error', reject);
        stream.end(() => resolve());
      });
    },
  };
}
