import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeSandbox } from '@/lib/sandbox';
import { hasWordIndex, transliterateWord } from '@/lib/transliterate/engine';
import { ensureModelWords, resetModelWordAttempts, type WordIndexMaker } from '@/lib/transliterate/model-word-service';
import { SCRIPT_TABLES } from '@/lib/transliterate/scripts';
import { writeWordIndex } from '@/lib/transliterate/word-index';

afterEach(() => resetModelWordAttempts());
afterAll(() => closeSandbox());

/** A maker counting its calls, answering what `answer` gives. */
function counting(answer: () => Promise<Buffer | string | null>): WordIndexMaker & { calls: number } {
  const maker = Object.assign(() => {
    maker.calls++;
    return answer();
  }, { calls: 0 });
  return maker;
}

describe('model words served', () => {
  it('makes a script\'s index in a sandbox process once, then suggests from it (Punjabi)', async () => {
    expect(hasWordIndex('pa')).toBe(false);
    // the built-in words alone spell Kartarpur with a short a
    expect(transliterateWord('kartarpur', 1, 'pa')).toEqual(['ਕਰਤਰਪੁਰ']);
    const attempt = ensureModelWords('pa');
    expect(attempt).not.toBeNull();
    // asked again while it is being made: the same attempt
    expect(ensureModelWords('pa')).toBe(attempt);
    await attempt;
    expect(hasWordIndex('pa')).toBe(true);
    expect(transliterateWord('kartarpur', 1, 'pa')).toEqual(['ਕਰਤਾਰਪੁਰ']);
    expect(transliterateWord('sultanpur', 1, 'pa')).toEqual(['ਸੁਲਤਾਨਪੁਰ']);
    // installed: nothing more to make
    expect(ensureModelWords('pa')).toBeNull();
  });

  it('answers from the built-in words when the index cannot be made, and tries again after a pause', async () => {
    const lines: string[] = [];
    const failing = counting(() => Promise.reject(new Error('the sandbox is full')));
    const start = Date.now();
    await ensureModelWords('or', failing, (line) => lines.push(line), start);
    expect(failing.calls).toBe(1);
    expect(lines).toEqual([expect.stringContaining('the or model\'s word index could not be made (the sandbox is full)')]);
    expect(hasWordIndex('or')).toBe(false);
    expect(transliterateWord('kujang', 1, 'or')).toEqual(['କୁଜାଙ୍ଗ']);
    // within the pause: not asked again
    expect(ensureModelWords('or', failing, (line) => lines.push(line), start + 1000)).toBeNull();
    expect(failing.calls).toBe(1);
    // after it: made this time
    const working = counting(() => Promise.resolve(writeWordIndex('or', ['କୁଜଙ୍ଗ'], SCRIPT_TABLES.or)));
    await ensureModelWords('or', working, (line) => lines.push(line), start + 60_000);
    expect(working.calls).toBe(1);
    expect(hasWordIndex('or')).toBe(true);
    expect(transliterateWord('kujang', 1, 'or')).toEqual(['କୁଜଙ୍ଗ']);
  });

  it('does not ask again for a script whose model is not installed, nor install a damaged index', async () => {
    const absent = counting(() => Promise.resolve(null));
    await ensureModelWords('ta', absent);
    expect(ensureModelWords('ta', absent, undefined, Date.now() + 3600_000)).toBeNull();
    expect(absent.calls).toBe(1);
    expect(hasWordIndex('ta')).toBe(false);
    const lines: string[] = [];
    await ensureModelWords('te', () => Promise.resolve('vsg-word-index 1 te\nW 5\n'), (line) => lines.push(line));
    expect(hasWordIndex('te')).toBe(false);
    expect(lines).toEqual([expect.stringContaining('not a word index')]);
  });
});
