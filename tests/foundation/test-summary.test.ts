import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.resolve('scripts/test-summary.mjs');

function summarize(vitest: unknown, playwright: unknown): { out: string; code: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-'));
  const v = path.join(dir, 'v.json');
  const p = path.join(dir, 'p.json');
  fs.writeFileSync(v, JSON.stringify(vitest));
  fs.writeFileSync(p, JSON.stringify(playwright));
  try {
    return { out: execFileSync(process.execPath, [SCRIPT, v, p], { encoding: 'utf8' }), code: 0 };
  } catch (error) {
    const e = error as { stdout: string; status: number };
    return { out: e.stdout, code: e.status };
  }
}

describe('the closing test summary', () => {
  it('counts a test that passed only on a retry as flaky, not passed, and names it', () => {
    const playwright = {
      stats: { expected: 3, flaky: 1, unexpected: 0, skipped: 0 },
      suites: [
        {
          title: 'auth.spec.ts',
          specs: [],
          suites: [{ title: 'accounts', specs: [{ title: 'logs in', tests: [{ status: 'flaky' }] }, { title: 'logs out', tests: [{ status: 'expected' }] }] }],
        },
      ],
    };
    const { out, code } = summarize({ numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 }, playwright);
    expect(out).toContain('flaky (passed only on a retry): auth.spec.ts › accounts › logs in');
    expect(out.trim().split('\n').pop()).toBe('tests: 13 passed, 1 flaky, 0 failed, 1 skipped');
    expect(code).toBe(0);
  });

  it('fails when a test failed or a report is missing', () => {
    expect(summarize({ numPassedTests: 1, numFailedTests: 1 }, { stats: { expected: 1 } }).code).toBe(1);
    expect(summarize({ numPassedTests: 1, numFailedTests: 0 }, null).code).toBe(1);
  });
});
