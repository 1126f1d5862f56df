import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { drawRoll, imagePdf, inventVoters, renderPages, scanLike, tempDir, type DrawnVoter } from './inputs';
import { ENGLISH_HEADER, voterRows, workbook } from './sheets';

/**
 * Rolls whose boxes print IDs of the roll's own shapes beside EPICs, drawn with pdf-lib (invented
 * voters and IDs): read from the text layer, and scanned to image-only pages and read by OCR.
 */

afterAll(() => closeOcr());

/** An older state ID: two letters and twelve digits (invented). */
const stateId = (n: number) => `AP${String(120800000000 + n * 104729).padStart(12, '0')}`;
/** A State Election Commission number: three letters and nine digits (invented). */
const secId = (n: number) => `SEC${String(410000000 + n * 7919).padStart(9, '0')}`;

/** `count` invented voters; each voter whose index `pick` chooses carries the ID `id(i)` instead of an EPIC. */
function votersWith(count: number, pick: (i: number) => boolean, id: (i: number) => string, seed = 11): DrawnVoter[] {
  return inventVoters(count, seed).map((v, i) => (pick(i) ? { ...v, epic: id(i) } : v));
}

const idsOf = (list: VoterList) => list.voters.map((v) => v.epic);

/** A one-page roll (boxes ruled as lines) scanned at `dpi` to an image-only PDF, parsed. */
async function scanned(voters: DrawnVoter[], dpi = 150): Promise<VoterList> {
  const source = path.join(tempDir(), 'drawn.pdf');
  writeFileSync(source, await drawRoll(voters, { style: 'lines', cover: false, summary: false }));
  const [png] = renderPages(source, 1, 1, dpi, tempDir());
  const { jpeg } = await scanLike(png, { angle: 0.6, noise: 20, seed: 3 });
  return parseVoterList({ bytes: await imagePdf([jpeg]), filename: 'scan.pdf' });
}

describe('IDs of the roll’s own shapes, from the text layer', () => {
  it('reads two letters and twelve digits beside EPICs as printed, and says so in the report', async () => {
    const voters = votersWith(60, (i) => i % 3 === 1, stateId);
    const list = await parseVoterList({ bytes: await drawRoll(voters), filename: 'state-ids.pdf' });
    expect(list.voters.map((v) => v.serial)).toEqual(voters.map((v) => v.serial));
    expect(idsOf(list)).toEqual(voters.map((v) => v.epic));
    const note = list.report.warnings.find((w) => w.message.startsWith('Besides EPIC numbers'));
    expect(note?.message).toBe("Besides EPIC numbers, the roll prints IDs of its own: 20 voters with 2 letters, 12 digits. They were read as the voters' IDs.");
    expect(note?.detail).toContain('A2 D12 in 20 boxes');
  });

  it('reads a State Election Commission’s numbers, on a roll that prints no EPIC at all', async () => {
    const voters = votersWith(40, (i) => i !== 7, secId);
    const list = await parseVoterList({ bytes: await drawRoll(voters), filename: 'sec.pdf' });
    expect(list.voters).toHaveLength(40);
    expect(idsOf(list)).toEqual(voters.map((v) => v.epic));
  });

  it('leaves a lone token of an odd shape unread rather than force it', async () => {
    const voters = inventVoters(45, 12).map((v, i) => (i === 4 ? { ...v, epic: stateId(4) } : i === 33 ? { ...v, epic: secId(33) } : v));
    const list = await parseVoterList({ bytes: await drawRoll(voters), filename: 'lone.pdf' });
    expect(idsOf(list)).toEqual(voters.map((v, i) => (i === 4 || i === 33 ? null : v.epic)));
    expect(list.report.warnings.some((w) => w.message.startsWith('Besides EPIC numbers'))).toBe(false);
  });
});

describe('IDs of the roll’s own shapes, scanned and read by OCR', () => {
  it('reads two letters and twelve digits beside EPICs, never forced into an EPIC', { timeout: 120_000 }, async () => {
    const voters = votersWith(30, (i) => i % 3 === 0, stateId);
    const list = await scanned(voters);
    expect(list.voters.map((v) => v.serial)).toEqual(voters.map((v) => v.serial));
    const exact = list.voters.filter((v, i) => v.epic === voters[i].epic).length;
    expect(exact / voters.length).toBeGreaterThanOrEqual(0.95);
    // an older ID is read as itself or not at all: never as an EPIC made of its first characters
    list.voters.forEach((v, i) => {
      if (voters[i].epic?.startsWith('AP')) expect([voters[i].epic, null]).toContain(v.epic);
    });
  });

  it('reads a State Election Commission’s numbers beside EPICs', { timeout: 120_000 }, async () => {
    const voters = votersWith(30, (i) => i % 2 === 0, secId, 13);
    const list = await scanned(voters);
    const exact = list.voters.filter((v, i) => v.epic === voters[i].epic).length;
    expect(exact / voters.length).toBeGreaterThanOrEqual(0.95);
    list.voters.forEach((v, i) => {
      if (voters[i].epic?.startsWith('SEC')) expect([voters[i].epic, null]).toContain(v.epic);
    });
  });

  it('leaves a lone odd token unread: not an EPIC made of its first ten characters', { timeout: 120_000 }, async () => {
    const voters = inventVoters(30, 14).map((v, i) => (i === 10 ? { ...v, epic: secId(10) } : i === 20 ? { ...v, epic: stateId(20) } : v));
    const list = await scanned(voters);
    expect(list.voters.map((v) => v.serial)).toEqual(voters.map((v) => v.serial));
    expect(list.voters[10].epic).toBeNull();
    expect(list.voters[20].epic).toBeNull();
  });
});

describe('IDs of the list’s own shapes in a spreadsheet', () => {
  it('keeps every value as written, and warns only of a value in a shape the column does not use', async () => {
    const rows = voterRows(12, false);
    [1, 4, 7, 10].forEach((i) => (rows[i][2] = stateId(i)));
    rows[5][2] = secId(5);
    const list = await parseVoterList({ bytes: workbook([ENGLISH_HEADER, ...rows], 'xlsx'), filename: 'ids.xlsx' });
    expect(list.voters.map((v) => v.epic)).toEqual(rows.map((r) => r[2]));
    const idWarnings = list.report.warnings.filter((w) => /does not look like an EPIC/.test(w.message));
    expect(idWarnings).toHaveLength(1);
    expect(idWarnings[0].message).toContain(secId(5));
  });
});
