import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SandboxCrashError, SandboxLimitError, SandboxTaskError, withTaskDir, type SandboxPool } from '@/lib/sandbox';
import { VoterListError } from '@/lib/slips/ingest/errors';
import { DEFAULT_MAX_BYTES } from '@/lib/slips/ingest/options';
import { withCoverFacts } from '@/lib/slips/ingest/pdf/roll-facts';
import type { VoterList, VoterRecord } from '@/lib/slips/types';
import { withCliSandbox } from './sandbox';

/**
 * `vsg parse <voter-list> [--json] [--ocr auto|off|always] [--max-mb N]`: parse a roll PDF or an Excel
 * file and print a report, or with --json `{ voters: [...], report: {...} }`. A roll whose text layer a
 * legacy font garbled has its cover read by OCR for its facts (not with --ocr off). The file is read in a
 * sandbox process, as the server reads uploads.
 */
const USAGE = 'usage: vsg parse <voter-list.pdf|.xlsx|.xls|.csv> [--json] [--ocr auto|off|always] [--max-mb N]';

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
    `voters: ${report.voters}${report.deleted ? ` (${report.deleted} marked deleted: ${Object.entries(report.deletedByReason ?? {}).map(([reason, n]) => `${reason} ${n}`).join(', ')})` : ''}`,
  ];
  if (report.source === 'pdf') {
    const kinds = Object.entries(report.pages)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${kind} ${n}`);
    lines.push(`pages: ${report.totalPages} (${kinds.join(', ')})`);
    lines.push(`text layer: ${report.textLayer ?? 'none'}`);
    lines.push(`OCR: ${report.ocrRead} numbers read, ${report.ocrRepaired} repaired by the checks (serial continuity, the roll's ID prefixes, a reprinted entry's serial from its ID)`);
  } else lines.push(`rows read: ${report.rows ?? 0}`);
  const serials = voters.map((v) => v.serial).filter((s): s is number => s !== null);
  if (serials.length) {
    const [low, high] = serials.reduce(([lo, hi], s) => [Math.min(lo, s), Math.max(hi, s)], [Infinity, -Infinity]);
    lines.push(`serials: ${low}..${high}`);
  }
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
  for (const l of report.lists ?? []) {
    const name = l.kind === 'main' ? 'main list' : `${l.kind}${l.number !== undefined ? ` (supplement ${l.number})` : ''} “${l.heading}”`;
    lines.push(`list: ${name}: ${l.voters} voters${l.deleted ? `, ${l.deleted} deleted` : ''}${l.stated !== undefined ? `, ${l.stated} stated` : ''}`);
  }
  lines.push(`warnings: ${report.warnings.length}`);
  for (const w of report.warnings) lines.push(`  ${w.page !== undefined ? `[${report.source === 'pdf' ? 'page' : 'row'} ${w.page}] ` : ''}${w.message}`);
  return lines.join('\n');
}

/** The same checks and messages as the server's, before a sandbox process is started. */
async function checkFile(file: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new VoterListError('not-found', `Cannot open ${path.basename(file)}: no such file or not readable.`);
  if (!info.isFile()) throw new VoterListError('not-found', `${path.basename(file)} is not a file.`);
}

/** Reads the list in the sandbox: the voters and the report, as `parseVoterList` gives them. */
export async function parseInSandbox(pool: SandboxPool, file: string, options: { ocr?: Args['ocr']; maxBytes?: number }): Promise<VoterList> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  await checkFile(file);
  return withTaskDir(async (dir) => {
    const out = path.join(dir, 'voters.json');
    const parsed = await pool.run('parse', { file: path.resolve(file), filename: path.basename(file), out, maxBytes, ocr: options.ocr }, { subject: 'read' });
    return { voters: JSON.parse(await readFile(out, 'utf8')) as VoterRecord[], report: parsed.report };
  });
}

/** Errors the command reports as a reason (bad input), not as a failure of the program. */
export function isInputError(error: unknown): error is Error {
  return (
    error instanceof VoterListError ||
    error instanceof SandboxLimitError ||
    error instanceof SandboxTaskError ||
    (error instanceof SandboxCrashError && error.repeated)
  );
}

export async function parseCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  try {
    const list = await withCliSandbox(async (pool) => {
      const list = await parseInSandbox(pool, args.file, { ocr: args.ocr, maxBytes: args.maxBytes });
      // a legacy-font roll's cover, read by OCR as the slip pipeline does after the draft (what the parse read stays)
      if (list.report.textLayer === 'scrambled' && args.ocr !== 'off') {
        try {
          const cover = await pool.run('legacy-cover', { file: path.resolve(args.file) }, { subject: 'read' });
          if (cover) list.report.header = withCoverFacts(list.report.header, cover.header);
        } catch (error) {
          // the voters are read: a cover that cannot be read costs its facts only, as in the pipeline
          console.error(`vsg parse: the cover's facts could not be read (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      return list;
    });
    process.stdout.write(args.json ? `${JSON.stringify(list)}\n` : `${textReport(list, args.file)}\n`);
    return 0;
  } catch (error) {
    if (isInputError(error)) {
      console.error(`vsg parse: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
