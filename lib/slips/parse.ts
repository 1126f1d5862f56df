import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VoterList } from './types';
import { detectKind, describeKind } from './ingest/detect';
import { VoterListError } from './ingest/errors';
import { DEFAULT_MAX_BYTES, type ParseOptions } from './ingest/options';
import { parseRollPdf } from './ingest/pdf/roll';
import { parseCsvList, parseSpreadsheet } from './ingest/excel/sheet';

/**
 * The single entry point of voter-list ingestion: a roll PDF, an Excel workbook or a CSV file in, voters in
 * roll order and a parse report out. Bad input throws `VoterListError`.
 */
export { VoterListError } from './ingest/errors';
export type { VoterListErrorCode } from './ingest/errors';
export type { ParseOptions } from './ingest/options';

export { DEFAULT_MAX_BYTES } from './ingest/options';

export interface ParseFileOptions extends ParseOptions {
  maxBytes?: number;
}

function mb(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export async function parseVoterList(input: { bytes: Uint8Array; filename: string }, opts: ParseFileOptions = {}): Promise<VoterList> {
  const { bytes, filename } = input;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length === 0) throw new VoterListError('empty', 'The file is empty.');
  if (bytes.length > maxBytes) throw new VoterListError('too-large', `The file is ${mb(bytes.length)}; the limit is ${mb(maxBytes)}.`);
  const kind = detectKind(bytes);
  const ext = path.extname(filename).toLowerCase();
  if (kind === 'pdf') return parseRollPdf(bytes, opts);
  if (kind === 'xlsx' || kind === 'xls') return parseSpreadsheet(bytes, kind, opts);
  // text is a CSV list only when it is named one: text under another name is not taken for a list
  if (kind === 'text' && ext === '.csv') return parseCsvList(bytes, path.basename(filename), opts);
  const name = path.basename(filename) || 'The file';
  const claimed = ['.pdf', '.xlsx', '.xls', '.csv'].includes(ext) ? ` despite its ${ext} name` : '';
  throw new VoterListError('unsupported', `${name} is ${describeKind(kind)}${claimed}; upload the roll as a PDF or the list as an Excel (.xlsx or .xls) or CSV (.csv) file.`);
}

export async function parseVoterListFile(file: string, opts: ParseFileOptions = {}): Promise<VoterList> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  let size: number;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new VoterListError('not-found', `${path.basename(file)} is not a file.`);
    size = st.size;
  } catch (error) {
    if (error instanceof VoterListError) throw error;
    throw new VoterListError('not-found', `Cannot open ${path.basename(file)}: no such file or not readable.`);
  }
  if (size === 0) throw new VoterListError('empty', 'The file is empty.');
  if (size > maxBytes) throw new VoterListError('too-large', `The file is ${mb(size)}; the limit is ${mb(maxBytes)}.`);
  const bytes = new Uint8Array(await readFile(file));
  return parseVoterList({ bytes, filename: path.basename(file) }, opts);
}
