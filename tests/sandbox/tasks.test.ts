import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SandboxPool, defaultSandboxLimits, withTaskDir } from '@/lib/sandbox';
import { parseVoterList } from '@/lib/slips/parse';
import { SlipInputError } from '@/lib/slips/render/errors';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from '@/tests/ingest/roll-truth';

/** The real sandbox tasks, in real sandbox processes: the same voters as a parse in this process; a damaged roll repaired. */
const pool = new SandboxPool(defaultSandboxLimits(), { log: () => undefined });
afterAll(() => pool.close());

const DAMAN = path.join(ROLLS_DIR, 'daman-2017-part1-gujarati.pdf');

describe.skipIf(!HAVE_ROLLS)(`sandbox tasks on a real roll${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  it('parse: the voters file and report equal an in-process parse', async () => {
    const bytes = new Uint8Array(fs.readFileSync(DAMAN));
    const here = await parseVoterList({ bytes, filename: 'daman.pdf' });
    await withTaskDir(async (dir) => {
      const out = path.join(dir, 'voters.json');
      const progress: number[] = [];
      const result = await pool.run('parse', { file: DAMAN, filename: 'daman.pdf', out, maxBytes: 50 * 1024 * 1024 }, { subject: 'read', onProgress: (d) => progress.push(d) });
      expect(result.voters).toBe(here.voters.length);
      expect(result.report).toEqual(here.report);
      expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(here.voters);
      expect(progress.at(-1)).toBe(here.report.totalPages);
    });
  });

  it('render: a roll cut short inside its trailer (a download stopped 30 bytes early) is repaired once and rendered', async () => {
    const whole = fs.readFileSync(DAMAN);
    await withTaskDir(async (dir) => {
      const roll = path.join(dir, 'roll.pdf');
      fs.writeFileSync(roll, whole.subarray(0, whole.length - 30));
      const voters = path.join(dir, 'voters.json');
      const parsed = await pool.run('parse', { file: roll, filename: 'roll.pdf', out: voters, maxBytes: 50 * 1024 * 1024 }, { subject: 'read' });
      expect(parsed.voters).toBe(993);
      const banner = path.join(dir, 'banner.png');
      fs.writeFileSync(banner, await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer());
      const out = path.join(dir, 'slips.pdf');
      const layout = { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 10 } as const;
      const result = await pool.run(
        'render',
        { votersFile: voters, sourceFile: roll, bannerFile: banner, out, address: 'Govt. School, Room 2', layout, printPhotos: false, mode: { kind: 'final' } },
        { subject: 'render' },
      );
      expect(result).toMatchObject({ pages: 100, slips: 993, repaired: true });
      expect(fs.readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');

      // a "roll" with nothing left to repair: the plain reason, no library message
      fs.writeFileSync(roll, Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\ngarbage'));
      const error = await pool
        .run('render', { votersFile: voters, sourceFile: roll, bannerFile: banner, out, address: 'Govt. School, Room 2', layout, printPhotos: false, mode: { kind: 'final' } }, { subject: 'render' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SlipInputError);
      expect((error as Error).message).toMatch(/^This roll PDF is damaged: its pages cannot be copied onto slips\./);
    });
  });
});

describe('sandbox task: banner', () => {
  it('a banner is checked in the sandbox: a good picture gives its facts, a damaged one is refused in plain words', async () => {
    const png = await sharp({ create: { width: 600, height: 120, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
    await withTaskDir(async (dir) => {
      const good = path.join(dir, 'good.png');
      fs.writeFileSync(good, png);
      expect(await pool.run('banner', { file: good }, { subject: 'read' })).toEqual({ format: 'png', width: 600, height: 120 });
      const cut = path.join(dir, 'cut.png');
      fs.writeFileSync(cut, png.subarray(0, Math.floor(png.length / 2)));
      const refused = await pool.run('banner', { file: cut }, { subject: 'read' }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ name: 'BannerError' });
      expect((refused as Error).message).toMatch(/banner/i);
    });
  });
});
