import { readFile } from 'node:fs/promises';
import { readLegacyCover } from '@/lib/slips/ingest/pdf/legacy-cover';
import { parseVoterListFile, VoterListError } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';

/**
 * `vsg parse <voter-list> [--json] [--ocr auto|off|always] [--max-mb N]` (DESIGN §10): parse a roll
 * PDF or an Excel file and print a report, or with --json `{ voters: [...], report: {...} }`. A roll
 * whose text layer a legacy font garbled has its cover read by OCR for its facts (not with --ocr off).
 */
const USAGE = 'usage: vsg parse <voter-list.pdf|.xlsx|.xls> [--json] [--ocr auto|off|always] [--max-mb N]';

interface Args {
  file: string;
  json: boolean;
  ocr: 'auto' | 'off' | 'always';
  maxBytes?: number;
}

function parseArgs(argv: string[]): Args | string {
  let file: string | undefined;
  let json = false;
  let ocr: Args['ocr'] = 'auto';
  let maxBytes: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') json = true;
    else if (a === '--ocr') {
      const v = argv[++i];
      if (v !== 'auto' && v !== 'off' && v !== 'always') return `--ocr takes auto, off or always. ${USAGE}`;
      ocr = v;
    } else if (a === '--max-mb') {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0) return `--max-mb takes a positive number. ${USAGE}`;
      maxBytes = Math.round(v * 1024 * 1024);
    } else if (a.startsWith('-')) return `unknown option ${a}. ${USAGE}`;
    else if (file) return `only one file at a time. ${USAGE}`;
    else file = a;
  }
  if (!file) return USAGE;
  return { file, json, ocr, maxBytes };
}

function textReport({ voters, report }: VoterList, file: string): string {
  const lines = [
    `${file}: ${report.source === 'pdf' ? 'roll PDF' : 'Excel sheet'}`,
    `voters: ${report.voters}${report.deleted ? ` (${report.deleted} marked deleted)` : ''}`,
  ];
  if (report.source === 'pdf') {
    const kinds = Object.entries(report.pages)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${kind} ${n}`);
    lines.push(`pages: ${report.totalPages} (${kinds.join(', ')})`);
    lines.push(`text layer: ${report.textLayer ?? 'none'}`);
    lines.push(`OCR: ${report.ocrRead} numbers read, ${report.ocrRepaired} repaired from serial continuity`);
  } else lines.push(`rows read: ${report.rows ?? 0}`);
  const serials = voters.map((v) => v.serial).filter((s): s is number => s !== null);
  if (serials.length) lines.push(`serials: ${Math.min(...serials)}..${Math.max(...serials)}`);
  lines.push(`without EPIC: ${report.withoutEpic}`);
  const h = report.header;
  const facts = [
    h.assembly && `assembly ${h.assembly}`,
    h.part && `part ${h.part}`,
    h.section && `section ${h.section}`,
    h.pollingStation && `polling station ${h.pollingStation}`,
    h.pollingStationAddress && `address ${h.pollingStationAddress}`,
    h.year && `year ${h.year}`,
  ].filter(Boolean);
  if (facts.length) lines.push(`header: ${facts.join('; ')}`);
  lines.push(`warnings: ${report.warnings.length}`);
  for (const w of report.warnings) lines.push(`  ${w.page !== undefined ? `[${report.source === 'pdf' ? 'page' : 'row'} ${w.page}] ` : ''}${w.message}`);
  return lines.join('\n');
}

export async function parseCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  try {
    const list = await parseVoterListFile(args.file, { ocr: args.ocr, maxBytes: args.maxBytes });
    // a legacy-font roll's cover, read by OCR as the slip pipeline does after the draft (what the parse read stays)
    if (list.report.textLayer === 'scrambled' && args.ocr !== 'off') {
      try {
        const cover = await readLegacyCover(new Uint8Array(await readFile(args.file)));
        if (cover) list.report.header = { ...cover.header, ...list.report.header };
      } catch (error) {
        // the voters are read: a cover that cannot be read costs its facts only, as in the pipeline
        console.error(`vsg parse: the cover's facts could not be read (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    process.stdout.write(args.json ? `${JSON.stringify(list)}\n` : `${textReport(list, args.file)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof VoterListError) {
      console.error(`vsg parse: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
