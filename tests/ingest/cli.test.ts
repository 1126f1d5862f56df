import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCommand } from '@/scripts/vsg/parse';
import { drawRoll, inventVoters, tempDir } from './inputs';
import { ENGLISH_HEADER, voterRows, workbook } from './sheets';
import { HAVE_ROLLS, ROLLS_DIR } from './roll-truth';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';

function capture() {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const e = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    err += `${args.join(' ')}\n`;
  });
  return { out: () => out, err: () => err, restore: () => (o.mockRestore(), e.mockRestore()) };
}

afterEach(() => vi.restoreAllMocks());

describe('vsg parse', () => {
  it('--json prints { voters: [{ serial, epic, page, ... }], report } in roll order', async () => {
    const file = path.join(tempDir(), 'roll.pdf');
    const voters = inventVoters(33, 21);
    writeFileSync(file, await drawRoll(voters));
    const io = capture();
    const code = await parseCommand([file, '--json']);
    io.restore();
    expect(code).toBe(0);
    const parsed = JSON.parse(io.out()) as { voters: { serial: number; epic: string | null; page: number }[]; report: { voters: number; source: string } };
    expect(parsed.voters.map((v) => v.serial)).toEqual(voters.map((v) => v.serial));
    expect(typeof parsed.voters[0].serial).toBe('number');
    expect(parsed.voters[0]).toMatchObject({ epic: voters[0].epic, page: 2 });
    expect(parsed.report).toMatchObject({ voters: 33, source: 'pdf' });
  });

  it('--json into a pipe: the whole output, however long (not cut at the pipe buffer on exit)', () => {
    const file = path.join(tempDir(), 'long.xlsx');
    writeFileSync(file, workbook([ENGLISH_HEADER, ...voterRows(1500, true)], 'xlsx'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/vsg.ts', 'parse', file, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(4 * 65536);
    expect((JSON.parse(run.stdout) as { voters: unknown[] }).voters).toHaveLength(1500);
  }, 60_000);

  it('prints a readable report without --json (Excel too)', async () => {
    const file = path.join(tempDir(), 'list.xls');
    writeFileSync(file, workbook([ENGLISH_HEADER, ...voterRows(12, false)], 'xls'));
    const io = capture();
    const code = await parseCommand([file]);
    io.restore();
    expect(code).toBe(0);
    expect(io.out()).toMatch(/Excel sheet/);
    expect(io.out()).toMatch(/voters: 12/);
    expect(io.out()).toMatch(/serials: 1\.\.12/);
  });

  it.skipIf(!HAVE_ROLLS)('prints a legacy-font roll’s facts, its cover read by OCR', { timeout: 120_000 }, async () => {
    const io = capture();
    const code = await parseCommand([path.join(ROLLS_DIR, 'daman-2017-part1-gujarati.pdf')]);
    io.restore();
    await closeOcr();
    expect(code).toBe(0);
    expect(io.out()).toMatch(/text layer: scrambled/);
    expect(io.out()).toContain('header: part 1; polling station 1 , સરકારી પ્રાથમિક શાળા (નવુ મકાન) તાઈવાડ, દેવકા; year 2017');
  });

  it('bad input: non-zero exit and a one-line reason on stderr', async () => {
    const file = path.join(tempDir(), 'photo.pdf');
    writeFileSync(file, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const io = capture();
    const code = await parseCommand([file]);
    io.restore();
    expect(code).not.toBe(0);
    expect(io.out()).toBe('');
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.err()).toMatch(/PNG image/);
  });

  it('usage errors exit 2', async () => {
    const io = capture();
    expect(await parseCommand([])).toBe(2);
    expect(await parseCommand(['a.pdf', '--ocr', 'sometimes'])).toBe(2);
    io.restore();
    expect(io.err()).toMatch(/usage: vsg parse/);
  });
});
