/**
 * The Excel row limit, measured: `npm run bench -- excel-limit [--rows=N]`.
 *
 * Builds a list of as many rows as the limit allows (MAX_SHEET_ROWS by default, Hindi names, every column of a
 * real list) and one row more, and reads each with `vsg parse` as a user would: through the sandbox
 * process, under its memory, CPU and wall-time limits (the upload limit raised to hold the file when it is
 * larger, as MAX_UPLOAD_MB would be on a server taking such lists). Prints the file's size beside
 * the upload limit, the wall and CPU time, and the peak resident memory of the largest process (the
 * sandbox process, or the CLI's own), so that the README's row limit is a measured figure. The row
 * past the limit must be refused with the plain reason (with --rows=N other than the limit, both are
 * simply read).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SHEET_ROWS } from '@/lib/slips/ingest/excel/sheet';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';

const ROWS = Number(process.argv.find((a) => a.startsWith('--rows='))?.slice(7) ?? MAX_SHEET_ROWS);
const UPLOAD_MB = Number(process.env.MAX_UPLOAD_MB ?? 50);
const VSG = path.join(process.cwd(), 'scripts', 'vsg.ts');

interface Run {
  status: number | null;
  wallS: number;
  cpuS: number;
  peakMB: number;
  out: string;
  err: string;
}

/** `vsg parse <file>` under GNU time: wall, user+system CPU of the whole tree, the largest process's peak RSS. */
function parse(file: string, maxMb: number): Run {
  const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, '--import', 'tsx', VSG, 'parse', file, '--max-mb', String(maxMb)], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const line = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr);
  if (!line) throw new Error(`no timing from /usr/bin/time (is it installed?): ${run.stderr.slice(-500)}`);
  return {
    status: run.status,
    wallS: Number(line[1]),
    cpuS: Number(line[2]) + Number(line[3]),
    peakMB: Number(line[4]) / 1024,
    out: run.stdout,
    err: run.stderr
      .replace(line[0], '')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('Command exited with non-zero status'))
      .join('\n'),
  };
}

function build(rows: number, file: string): number {
  const bytes = workbook([ENGLISH_HEADER, ...voterRows(rows, true)], 'xlsx');
  fs.writeFileSync(file, bytes);
  return bytes.length;
}

function main(): void {
  if (!fs.existsSync('/usr/bin/time')) {
    console.log('skipped: /usr/bin/time (Debian package time) is not installed');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-excel-limit-'));
  try {
    const atLimit = path.join(dir, `rows-${ROWS}.xlsx`);
    const size = build(ROWS, atLimit);
    console.log(`${ROWS.toLocaleString('en-IN')} rows: ${(size / 1e6).toFixed(1)} MB .xlsx (upload limit ${UPLOAD_MB} MB${size > UPLOAD_MB * 1024 * 1024 ? ': OVER IT' : ''})`);
    // a list past the upload limit is read as if the limit had been raised to hold it (MAX_UPLOAD_MB), and says so
    const maxMb = Math.max(UPLOAD_MB, Math.ceil(size / 2 ** 20) + 1);
    if (maxMb > UPLOAD_MB) console.log(`  read with the upload limit raised to ${maxMb} MB (set MAX_UPLOAD_MB so on the server)`);
    const ok = parse(atLimit, maxMb);
    const voters = /voters: (\d+)/.exec(ok.out)?.[1] ?? '?';
    console.log(
      `  vsg parse: exit ${ok.status}, ${voters} voters, ${ok.wallS.toFixed(1)} s wall, ${ok.cpuS.toFixed(1)} s CPU, ` +
        `peak RSS of the largest process ${Math.round(ok.peakMB)} MB (load ${os.loadavg()[0].toFixed(1)})`,
    );
    if (ok.status !== 0) console.log(`  FAILED: ${ok.err.slice(-600)}`);

    const pastLimit = path.join(dir, `rows-${ROWS + 1}.xlsx`);
    build(ROWS + 1, pastLimit);
    const refused = parse(pastLimit, maxMb + 1);
    console.log(`${(ROWS + 1).toLocaleString('en-IN')} rows: exit ${refused.status} in ${refused.wallS.toFixed(1)} s, peak ${Math.round(refused.peakMB)} MB: ${refused.err.split('\n').pop()}`);
    if (ok.status !== 0 || (ROWS === MAX_SHEET_ROWS && refused.status === 0)) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
