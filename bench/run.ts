/**
 * `npm run bench`: runs every benchmark in bench/ one after another, each in its own process so that
 * peak-memory figures are not mixed up. Each benchmark prints its own figures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(process.cwd(), 'bench');
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('--'));
/** Options such as --quick are passed on to each benchmark. */
const flags = args.filter((a) => a.startsWith('--'));
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n== bench/${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file), ...flags], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
