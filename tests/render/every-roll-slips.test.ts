import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseVoters, DEFAULT_SLIP_CHOICES } from '@/lib/slips/choose';
import { rollLanguage } from '@/lib/slips/labels';
import { parseVoterList } from '@/lib/slips/parse';
import { renderSlips, type SlipPlacement } from '@/lib/slips/render';
import { qrPayload } from '@/lib/slips/render/qr';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR, rollFiles } from '@/tests/ingest/roll-truth';
import { bannerPng, decodeQrAt, pdftotext, tmpDir } from './helpers';

/**
 * Polling-day slips from every roll in the shared fixtures (a roll dropped in is tested without new code):
 * as a task prints them by default — deleted voters left out, the roll's facts line and a QR code on each
 * slip, labels in the roll's language — at 10 slips a page. The printed set is the roll's living voters,
 * each once; the first page, rasterised at 150 dpi, gives back every slip's own QR payload; its text holds
 * each slip's serial in the facts line.
 */
const onCi = process.env.CI === 'true';

describe.skipIf(!HAVE_ROLLS)(`polling-day slips from every fixture roll${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  it.each(HAVE_ROLLS ? rollFiles() : [])('%s', { timeout: 240_000 }, async (file) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(ROLLS_DIR, file)));
    const list = await parseVoterList({ bytes, filename: file });
    const header = list.report.header;
    const chosen = chooseVoters(list.voters, DEFAULT_SLIP_CHOICES);
    const deleted = list.voters.filter((v) => v.deleted);
    // every living voter once, in the roll's order; every deleted one listed instead
    expect(chosen.voters).toEqual(list.voters.filter((v) => !v.deleted));
    expect(chosen.deletedLeftOut.map((d) => d.serial)).toEqual(deleted.map((v) => v.serial));

    const dir = tmpDir();
    const out = path.join(dir, 'slips.pdf');
    const placements: SlipPlacement[] = [];
    const result = await renderSlips(
      {
        voters: chosen.voters,
        sourcePdf: bytes,
        banner: await bannerPng(),
        address: header.pollingStationAddress ?? 'Polling station',
        layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 10 },
        printPhotos: false,
        mode: { kind: 'final' },
        slip: {
          style: 'campaign',
          facts: true,
          qr: true,
          look: { language: rollLanguage(list.voters, header), englishOnly: false, roll: { part: header.part, pollingStation: header.pollingStation, assemblyNumber: header.assemblyNumber } },
        },
        onSlip: (p) => placements.push(p),
      },
      out,
    );
    expect(result.slips).toBe(chosen.voters.length);

    // the first page as a phone camera sees it
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', '-f', '1', '-l', '1', '-singlefile', out, path.join(dir, 'page')]);
    const page = path.join(dir, 'page.png');
    const firstPage = placements.filter((p) => p.page === 1);
    expect(firstPage.length).toBe(Math.min(10, chosen.voters.length));
    const text = pdftotext(out, 1, 1);
    for (const p of firstPage) {
      const voter = chosen.voters[p.index];
      expect(await decodeQrAt(page, p.qr!, 150), `slip ${p.index + 1} (serial ${voter.serial})`).toBe(qrPayload(voter, header.assemblyNumber));
      if (voter.serial !== null) expect(text, `facts line of serial ${voter.serial}`).toContain(`Sr. ${voter.serial}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

it.runIf(onCi && !HAVE_ROLLS)('the fixture rolls are present on CI (polling-day slips)', () => {
  expect(HAVE_ROLLS, NO_ROLLS_REASON).toBe(true);
});
