import { describe, expect, it } from 'vitest';
import { latinWordAt, replaceRange } from '@/lib/transliterate/caret';

describe('the word under the caret', () => {
  it('finds the Latin run touching the caret, not digits, punctuation or Devanagari', () => {
    expect(latinWordAt('12/rampur', 9)).toEqual({ word: 'rampur', start: 3, end: 9 });
    expect(latinWordAt('रामपुर nagar, 4', 12)).toEqual({ word: 'nagar', start: 7, end: 12 });
    expect(latinWordAt('rampur nagar', 3)).toEqual({ word: 'rampur', start: 0, end: 6 });
    expect(latinWordAt('ward 12', 7)).toBeNull();
    expect(latinWordAt('रामपुर', 6)).toBeNull();
    expect(latinWordAt('', 0)).toBeNull();
  });
  it('replaces a range and puts the caret after the replacement', () => {
    expect(replaceRange('12/rampur, 4', { start: 3, end: 9 }, 'रामपुर', ' ')).toEqual({ text: '12/रामपुर , 4', caret: 10 });
  });
});
