import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { slipsCommand } from '@/scripts/vsg/slips';
import { bannerPng, excelVoters, syntheticRoll, tmpDir } from './helpers';

const dir = tmpDir();
const bannerFile = path.join(dir, 'banner.png');
const votersFile = path.join(dir, 'voters.json');
const rollJson = path.join(dir, 'roll.json');
const rollPdf = path.join(dir, 'roll.pdf');

beforeAll(async () => {
  fs.writeFileSync(bannerFile, await bannerPng());
  fs.writeFileSync(votersFile, JSON.stringify({ voters: excelVoters(20), report: {} }));
  const roll = await syntheticRoll(2);
  fs.writeFileSync(rollPdf, roll.bytes);
  fs.writeFileSync(rollJson, JSON.stringify({ voters: roll.voters }));
});

afterEach(() => vi.restoreAllMocks());

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  const code = await slipsCommand(argv);
  vi.restoreAllMocks();
  return { code, out, err };
}

const base = () => ['--banner', bannerFile, '--address', 'Govt School, Room 2', '--out', path.join(dir, 'out.pdf')];

describe('vsg slips', () => {
  it('prints { pages, slips } for a JSON voter list', async () => {
    const r = await run(['--voters', votersFile, ...base(), '--page-size', 'a3', '--orientation', 'landscape', '--per-page', '18']);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(r.out)).toEqual({ pages: 2, slips: 20 });
  });

  it('draft reports the final page count', async () => {
    const r = await run(['--voters', votersFile, ...base(), '--per-page', '8', '--draft', '--preview-pages', '1']);
    expect(JSON.parse(r.out)).toEqual({ pages: 3, slips: 20 });
  });

  it('roll voters from JSON need --source, and work with it', async () => {
    const without = await run(['--voters', rollJson, ...base()]);
    expect(without.code).not.toBe(0);
    expect(without.err).toMatch(/--source/);
    const withSource = await run(['--voters', rollJson, '--source', rollPdf, ...base()]);
    expect(JSON.parse(withSource.out)).toEqual({ pages: 3, slips: 18 });
  });

  it.each([
    [['--per-page', '9'], /not allowed for a4 portrait; allowed: 8, 10, 12, 16/],
    [['--page-size', 'a5'], /--page-size must be one of/],
  ])('bad layout %j → one-line reason, non-zero', async (extra, message) => {
    const r = await run(['--voters', votersFile, ...base(), ...extra]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('missing or non-image banner, empty voter list → one-line reason, non-zero', async () => {
    const fake = path.join(dir, 'fake.png');
    fs.writeFileSync(fake, 'not an image');
    const empty = path.join(dir, 'empty.json');
    fs.writeFileSync(empty, JSON.stringify({ voters: [] }));
    for (const argv of [
      ['--voters', votersFile, '--banner', path.join(dir, 'missing.png'), '--address', 'x', '--out', path.join(dir, 'o.pdf')],
      ['--voters', votersFile, '--banner', fake, '--address', 'x', '--out', path.join(dir, 'o.pdf')],
      ['--voters', votersFile, '--banner', votersFile, '--address', 'x', '--out', path.join(dir, 'o.pdf')],
      ['--voters', empty, ...base()],
    ]) {
      const r = await run(argv);
      expect(r.code).not.toBe(0);
      expect(r.out).toBe('');
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
