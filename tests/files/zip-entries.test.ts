import { describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { isArchiveClutter, isUnsafeEntryName, zipEntries, ZipRefusedError, type ZipLimits } from '@/lib/files/zip-entries';

const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024, maxRatio: 50, ratioAllowanceBytes: 64 * 1024 };

async function* inPieces(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function unpack(archive: Uint8Array, limits = LIMITS, read = (_name: string) => true): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const entry of zipEntries(inPieces(archive), limits)) {
    if (!read(entry.name)) continue;
    const parts: Buffer[] = [];
    for await (const piece of entry.data) parts.push(Buffer.from(piece));
    out[entry.name] = Buffer.concat(parts).toString('latin1');
  }
  return out;
}

describe('zipEntries', () => {
  it('hands on every entry, stored or deflated, whole and in order', async () => {
    const big = Array.from({ length: 40_000 }, (_, i) => i * 7).join(',') + 'end';
    const archive = zipSync({ 'a.pdf': strToU8('%PDF-1.4 one'), 'dir/b.xlsx': [strToU8(big), { level: 6 }], 'c.pdf': [strToU8('%PDF two'), { level: 0 }] });
    const out = await unpack(archive);
    expect(Object.keys(out)).toEqual(['a.pdf', 'dir/b.xlsx', 'c.pdf']);
    expect(out['dir/b.xlsx']).toBe(big);
    expect(out['c.pdf']).toBe('%PDF two');
  });

  it('skips an entry the reader does not read and still reads the next', async () => {
    const archive = zipSync({ 'skip.txt': strToU8('y'.repeat(50_000)), 'keep.pdf': strToU8('%PDF keep') });
    expect(await unpack(archive, LIMITS, (name) => name !== 'skip.txt')).toEqual({ 'keep.pdf': '%PDF keep' });
  });

  it('refuses a ZIP bomb by its ratio before unpacking it whole', async () => {
    const archive = zipSync({ 'bomb.pdf': [new Uint8Array(50 * 1024 * 1024), { level: 9 }] });
    const error = await unpack(archive, { ...LIMITS, maxEntryBytes: 100 * 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZipRefusedError);
    expect((error as ZipRefusedError).reason).toBe('ratio');
  });

  it('refuses an entry over its size limit and a total over the task limit', async () => {
    const noise = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7919 + (i >> 3) * 104729) & 0xff);
    const one = await unpack(zipSync({ 'big.pdf': [noise(1_100_000), { level: 0 }] })).catch((e: unknown) => e);
    expect((one as ZipRefusedError).reason).toBe('entry-size');
    const all = await unpack(zipSync({ 'a.pdf': [noise(900_000), { level: 0 }], 'b.pdf': [noise(900_000), { level: 0 }], 'c.pdf': [noise(900_000), { level: 0 }] })).catch((e: unknown) => e);
    expect((all as ZipRefusedError).reason).toBe('total-size');
  });

  it('refuses names that climb out of the folder, and too many entries', async () => {
    const climbing = await unpack(zipSync({ '../../etc/roll.pdf': strToU8('%PDF') })).catch((e: unknown) => e);
    expect((climbing as ZipRefusedError).reason).toBe('unsafe-name');
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.pdf`, strToU8('%PDF')]));
    expect(((await unpack(zipSync(many)).catch((e: unknown) => e)) as ZipRefusedError).reason).toBe('entries');
  });

  it('refuses a damaged archive with a clear error, never a crash', async () => {
    const archive = zipSync({ 'a.pdf': [strToU8('%PDF-1.4 '.repeat(5000)), { level: 6 }] });
    const broken = Uint8Array.from(archive);
    for (let i = 60; i < 200; i++) broken[i] ^= 0x5a;
    const error = await unpack(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZipRefusedError);
    expect((error as ZipRefusedError).reason).toBe('damaged');
  });

  it('tells names apart', () => {
    expect(isUnsafeEntryName('a/../../b.pdf')).toBe(true);
    expect(isUnsafeEntryName('/abs.pdf')).toBe(true);
    expect(isUnsafeEntryName('C:\\x.pdf')).toBe(true);
    expect(isUnsafeEntryName('ward 12/part..3.pdf')).toBe(false);
    expect(isArchiveClutter('__MACOSX/._a.pdf')).toBe(true);
    expect(isArchiveClutter('rolls/')).toBe(true);
    expect(isArchiveClutter('rolls/.DS_Store')).toBe(true);
    expect(isArchiveClutter('rolls/part 1.pdf')).toBe(false);
  });
});
