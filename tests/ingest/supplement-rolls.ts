/**
 * Rolls with supplements in the shapes real rolls print them, drawn with pdf-lib and the slips' own
 * Noto faces (HarfBuzz-shaped, as the renderer draws text): a heading block above the boxes on the
 * same page, additions then deletions on one page each under its heading, count lines and tables
 * under each list, deletion codes in the boxes. Two layouts: the 2025 ECI one (painted boxes, a
 * framed serial cell, EPIC top-right, a photo frame) and an older one (boxes ruled as separate
 * lines, no photo, a supplement's boxes taller than the main list's). Headings in English, Hindi,
 * Marathi or Gujarati.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { DocumentFont } from '@/lib/slips/render/font';
import { inventVoters, scannedRoll, tempDir, type DrawnVoter } from './inputs';

export type Script = 'english' | 'hindi' | 'marathi' | 'gujarati';
export type Layout = 'eci2025' | 'older';

/** The words a roll in each script prints. */
interface Words {
  header: string;
  supplement: (n: number) => string;
  revision: string;
  additions: string;
  deletions: string;
  corrections: string;
  total: (n: number) => string;
  table: [string, string, string, string];
  labels: { name: string; relative: string; house: string; age: string; gender: string; male: string; female: string; reason: string };
}

export const WORDS: Record<Script, Words> = {
  english: {
    header: 'Assembly Constituency : 42 - Example Nagar    Part No. : 17',
    supplement: (n) => `SUPPLEMENTARY LIST No. ${n}`,
    revision: 'Summary Revision 2025, qualifying date 01-01-2025',
    additions: 'List of Additions',
    deletions: 'List of Deletions',
    corrections: 'List of Modifications',
    total: (n) => `Total number of electors : ${n}`,
    table: ['Male', 'Female', 'Third Gender', 'Total'],
    labels: { name: 'Name', relative: "Father's Name", house: 'House Number', age: 'Age', gender: 'Gender', male: 'Male', female: 'Female', reason: 'Reason for deletion' },
  },
  hindi: {
    header: 'विधान सभा निर्वाचन क्षेत्र : 42 - उदाहरण नगर    भाग संख्या : 17',
    supplement: (n) => `पुरक सूची - ${n}`,
    revision: 'विशेष संक्षिप्त पुनरीक्षण 2025, अर्हता तिथि 01-01-2025',
    additions: 'जोड़ सूची',
    deletions: 'विलोपन सूची',
    corrections: 'संशोधन सूची',
    total: (n) => `कुल मतदाता : ${n}`,
    table: ['पुरुष', 'महिला', 'तृतीय लिंग', 'कुल'],
    labels: { name: 'नाम', relative: 'पिता का नाम', house: 'मकान संख्या', age: 'आयु', gender: 'लिंग', male: 'पुरुष', female: 'महिला', reason: 'विलोपन का कारण' },
  },
  marathi: {
    header: 'विधानसभा मतदारसंघ : 42 - उदाहरण नगर    भाग क्रमांक : 17',
    supplement: (n) => `पुरवणी यादी क्र. ${n}`,
    revision: 'मतदार यादी पुनरीक्षण 2025, अर्हता दिनांक 01-01-2025',
    additions: 'समावेश यादी',
    deletions: 'वगळणी यादी',
    corrections: 'दुरुस्ती यादी',
    total: (n) => `एकूण मतदार : ${n}`,
    table: ['पुरुष', 'स्त्री', 'इतर', 'एकूण'],
    labels: { name: 'मतदाराचे नाव', relative: 'वडिलांचे नाव', house: 'घर क्रमांक', age: 'वय', gender: 'लिंग', male: 'पुरुष', female: 'स्त्री', reason: 'वगळणीचे कारण' },
  },
  gujarati: {
    header: 'વિધાનસભા મત વિભાગનો નંબર અને નામ : 42 - ઉદાહરણ નગર    ભાગ નંબર : 17',
    supplement: (n) => `પુરવણી યાદી ${n}`,
    revision: 'ખાસ સંક્ષિપ્ત સુધારણા 2025, લાયકાતની તારીખ 01-01-2025',
    additions: 'ઉમેરો યાદી',
    deletions: 'કમી યાદી',
    corrections: 'સુધારા યાદી',
    total: (n) => `કુલ મતદારો : ${n}`,
    table: ['પુરુષ', 'સ્ત્રી', 'ત્રીજી જાતિ', 'કુલ'],
    labels: { name: 'મતદારનું નામ', relative: 'પિતાનું નામ', house: 'ઘર નંબર', age: 'ઉંમર', gender: 'જાતિ', male: 'પુરુષ', female: 'સ્ત્રી', reason: 'કારણ' },
  },
};

/** A voter of a deletion list, with the code its box carries: alone in the top band, or labelled. */
export interface DeletedVoter extends DrawnVoter {
  code?: { letter: string; labelled?: string };
}

/** What a page holds, top to bottom. */
export type Block =
  | { heading: string[] }
  | { voters: DeletedVoter[]; supplement?: boolean }
  | { total: number }
  | { table: { male: number; female: number; third: number; total: number } };

const W = 595;
const H = 842;
const MARGIN = 30;
const BOX_W = (W - 2 * MARGIN) / 3;
const BOX_H: Record<Layout, number> = { eci2025: 72, older: 62 };
/** The older layout prints a supplement's boxes taller (a line referring to the main list). */
const SUPPLEMENT_BOX_H: Record<Layout, number> = { eci2025: 72, older: 78 };

/** Draws a roll: a cover, then each page's blocks in order (boxes three to a row). */
export async function drawSupplementRoll(layout: Layout, script: Script, pages: Block[][]): Promise<Uint8Array> {
  const words = WORDS[script];
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = new DocumentFont(doc.context, () => {});
  const made: { page: ReturnType<PDFDocument['addPage']>; ops: string }[] = [];
  const text = (s: string, x: number, y: number, size: number, bold = false) => font.show(s, x, y, { size, bold });
  const rect = (x: number, y: number, w: number, h: number, width = 0.8) => `q ${width} w 0 G ${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)} re S Q\n`;
  const line = (x0: number, y0: number, x1: number, y1: number) => `q 0.8 w 0 G ${x0.toFixed(2)} ${y0.toFixed(2)} m ${x1.toFixed(2)} ${y1.toFixed(2)} l S Q\n`;

  // the cover
  {
    let ops = text('ELECTORAL ROLL 2025', 200, 760, 18, true);
    ops += text(words.header, 60, 700, 11);
    ops += text('Polling Station : Government School, Room 2', 60, 680, 11);
    ops += rect(60, 300, 475, 300);
    made.push({ page: doc.addPage([W, H]), ops });
  }

  const box = (v: DeletedVoter, x: number, y: number, h: number): string => {
    const l = words.labels;
    let ops = '';
    if (layout === 'eci2025') {
      ops += rect(x + 1, y + 1, BOX_W - 2, h - 2);
      ops += rect(x + 1, y + h - 15, 34, 14, 0.6);
      ops += rect(x + BOX_W - 50, y + 6, 42, 50, 0.5);
    } else {
      const [x0, x1, y0, y1] = [x + 1, x + BOX_W - 1, y + 1, y + h - 1];
      ops += line(x0, y0, x1, y0) + line(x0, y1, x1, y1) + line(x0, y0, x0, y1) + line(x1, y0, x1, y1);
    }
    ops += text(String(v.serial), x + 5, y + h - 12, 10, true);
    if (v.code && !v.code.labelled) ops += text(v.code.letter, x + 44, y + h - 12, 10, true);
    if (v.epic) ops += text(v.epic, x + BOX_W - 8 - 70, y + h - 12, 10, true);
    const lx = x + 6;
    ops += text(`${l.name} : ${v.name}`, lx, y + h - 28, 8);
    ops += text(`${l.relative} : ${v.relative}`, lx, y + h - 39, 8);
    ops += text(`${l.house} : ${v.house}`, lx, y + h - 50, 8);
    ops += text(`${l.age} : ${v.age}   ${l.gender} : ${v.gender === 'Male' ? l.male : l.female}`, lx, y + h - 61, 8);
    if (v.code?.labelled) ops += text(`${l.reason} : ${v.code.labelled}`, lx, y + h - 72, 8);
    return ops;
  };

  for (const blocks of pages) {
    let ops = text(words.header, MARGIN, H - 40, 9);
    let y = H - 56;
    for (const b of blocks) {
      if ('heading' in b) {
        for (const l of b.heading) {
          ops += text(l, MARGIN + 120, y - 10, 11, true);
          y -= 15;
        }
        y -= 4;
      } else if ('voters' in b) {
        const h = b.supplement ? SUPPLEMENT_BOX_H[layout] : BOX_H[layout];
        b.voters.forEach((v, k) => {
          const c = k % 3;
          if (k > 0 && c === 0) y -= h;
          ops += box(v, MARGIN + c * BOX_W, y - h, h);
        });
        y -= h + 8;
      } else if ('total' in b) {
        ops += text(words.total(b.total), MARGIN + 10, y - 10, 10);
        y -= 20;
      } else {
        const cols = [MARGIN + 200, MARGIN + 280, MARGIN + 360, MARGIN + 460];
        const values = [b.table.male, b.table.female, b.table.third, b.table.total];
        words.table.forEach((label, k) => {
          ops += text(label, cols[k], y - 10, 9);
          ops += text(String(values[k]), cols[k] + 4, y - 24, 9);
        });
        ops += rect(MARGIN + 190, y - 30, 350, 28, 0.5);
        y -= 40;
      }
    }
    made.push({ page: doc.addPage([W, H]), ops });
  }

  font.finalize();
  const fonts = doc.context.obj(font.resources());
  for (const { page, ops } of made) {
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(ops)));
    page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: fonts }));
  }
  return doc.save({ useObjectStreams: false });
}

/** The voters of a roll whose supplement page holds additions, then deletions: each list's, and the deletions' codes. */
export interface ListsOnOnePage {
  main: DrawnVoter[];
  added: DrawnVoter[];
  deleted: DeletedVoter[];
  reasons: string[];
}

/** 36 main-list voters, 5 additions, and 4 main-list entries deleted with the codes E, S, R and M. */
export function listsOnOnePage(): ListsOnOnePage {
  const main = inventVoters(36, 3);
  const reasons = ['E', 'S', 'R', 'M'];
  const deleted = [main[4], main[11], main[19], main[30]].map((v, k) => ({ ...v, code: { letter: reasons[k] } }));
  return { main, added: inventVoters(5, 5, 37), deleted, reasons };
}

/**
 * The main list on two pages, then one page that opens supplement 1 with a heading block above its additions, a
 * total line, the deletions list's heading between two rows of boxes, the deleted entries and a table by gender;
 * printed and scanned at 150 dpi (scannedRoll): the headings, the codes and the serials are only pixels.
 */
export async function scannedListsOnOnePage(layout: Layout, script: Script, roll: ListsOnOnePage): Promise<Uint8Array> {
  const w = WORDS[script];
  const text = await drawSupplementRoll(layout, script, [
    [{ voters: roll.main.slice(0, 30) }],
    [{ voters: roll.main.slice(30) }],
    [
      { heading: [w.supplement(1), w.revision, w.additions] },
      { voters: roll.added, supplement: true },
      { total: roll.added.length },
      { heading: [w.deletions] },
      { voters: roll.deleted, supplement: true },
      { table: { male: 2, female: roll.deleted.length - 2, third: 0, total: roll.deleted.length } },
    ],
  ]);
  const file = path.join(tempDir('scan-lists-'), `${layout}-${script}.pdf`);
  writeFileSync(file, text);
  return scannedRoll(file, 1, 4, { dpi: 150 });
}
