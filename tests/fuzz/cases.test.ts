import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HAVE_ROLLS, NO_ROLLS_REASON } from '@/tests/ingest/roll-truth';
import { fuzzCases, seeded } from './cases';

/** The fuzz suite's cases are built the same way every time, and there are enough of them. */
const digest = (cases: Awaited<ReturnType<typeof fuzzCases>>) =>
  createHash('sha256')
    .update(cases.map((c) => `${c.id}:${createHash('sha256').update(c.voterList.bytes).digest('hex')}:${c.banner ? createHash('sha256').update(c.banner.bytes).digest('hex') : ''}`).join('\n'))
    .digest('hex');

describe('fuzz cases', () => {
  it('the seeded generator repeats itself and spreads over [0, 1)', () => {
    const a = seeded(7);
    const b = seeded(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });

  it.skipIf(!HAVE_ROLLS)(`the same seed builds the same ${HAVE_ROLLS ? '' : `(skipped: ${NO_ROLLS_REASON}) `}300+ cases, each within the upload limit, ids unique`, { timeout: 120_000 }, async () => {
    const first = await fuzzCases();
    expect(first.length).toBeGreaterThanOrEqual(300);
    expect(new Set(first.map((c) => c.id)).size).toBe(first.length);
    for (const c of first) expect(c.voterList.bytes.length, c.id).toBeLessThan(50 * 1024 * 1024);
    expect(digest(await fuzzCases())).toBe(digest(first));
    expect(digest(await fuzzCases({ seed: 2 }))).not.toBe(digest(first));
  });
});
