import { describe, expect, it } from 'vitest';
import type { VoterRecord } from '@/lib/slips/types';
import { transliterateWord } from '@/lib/transliterate/engine';
import { consonantKey, nameKeys, toDevanagari, wordKeys } from '@/lib/voters/keys';
import { buildVoterIndex } from '@/lib/voters/search';
import { VoterIndexCache } from '@/lib/voters/search-cache';

const voter = (serial: number, name: string | undefined, more: Partial<VoterRecord> = {}): VoterRecord => ({ serial, epic: `ABC${String(1000000 + serial)}`, page: 1, name, ...more });

const hindi: VoterRecord[] = [
  voter(1, 'रमेश कुमार', { houseNumber: '1-114', age: 40, gender: 'पुरुष' }),
  voter(2, 'सुनीता देवी', { houseNumber: '1-114-A' }),
  voter(3, 'रामचंद्र यादव', { houseNumber: '1-115' }),
  voter(4, 'कृष्ण लाल', { houseNumber: '12' }),
  voter(5, 'लीलाबेन', { houseNumber: '123' }),
  voter(6, undefined, { epic: 'XYZ7654321' }),
];

describe('name keys', () => {
  it('reads any Indian script as Devanagari letters', () => {
    expect(toDevanagari('રમેશ')).toBe('रमेश');
    expect(toDevanagari('রমেশ')).toBe('रमेश');
    expect(toDevanagari('ਰਮੇਸ਼')).toBe('रमेश');
    expect(toDevanagari('Ramesh 12')).toBe('Ramesh 12');
  });

  it('meets a typed spelling and the printed name on a key', () => {
    expect(wordKeys('ramesh').loose).toBe(wordKeys('रमेश').loose);
    expect(wordKeys('Leelaben').loose).toBe(wordKeys('लीलाबेन').loose);
    expect(wordKeys('krishna').skeleton).toBe(wordKeys('कृष्ण').skeleton);
    expect(wordKeys('jentibhai').skeleton).toBe(wordKeys('જેનતીભાઇ').skeleton);
    // without its vowel signs, a name still meets itself on the consonants
    expect(consonantKey('ramash')).toBe(wordKeys('रमेश').consonants);
    expect(wordKeys('रमश').consonants).toBe(wordKeys('रमेश').consonants);
  });

  it('keeps where each word starts', () => {
    const keys = nameKeys('रमेश कुमार');
    expect(keys.looseStarts).toEqual([0, 'ramesh'.length]);
  });
});

describe('voter index', () => {
  const index = buildVoterIndex(hindi);
  const serials = (q: string, limit = 10) => index.search(q, limit, (w) => transliterateWord(w, 3)).voters.map((v) => v.serial);

  it('finds a name in its script, by prefix, without vowel signs, and typed in Latin letters', () => {
    expect(serials('रमेश')).toEqual([1]);
    expect(serials('रमे')[0]).toBe(1);
    expect(serials('रमश')[0]).toBe(1);
    expect(serials('ramesh')).toEqual([1]);
    expect(serials('Ramesh Kumar')).toEqual([1]);
    expect(serials('kumar ramesh')).toEqual([1]);
    expect(serials('sunita')).toEqual([2]);
    expect(serials('ramchandra')[0]).toBe(3);
    expect(serials('krishna')).toEqual([4]);
    expect(serials('leelaben')).toEqual([5]);
  });

  it('ranks a closer spelling first and an unrelated name not at all', () => {
    // "ram" starts Ramesh and Ramchandra alike: both, in serial order at the same strength
    expect(serials('ram')).toEqual([1, 3]);
    expect(serials('yadav')).toEqual([3]);
    expect(serials('xqzvxqzv')).toEqual([]);
  });

  it('finds EPICs whole, by prefix and in part, house numbers, and serials', () => {
    expect(serials('abc1000003')).toEqual([3]);
    expect(serials('XYZ765')).toEqual([6]);
    expect(serials('7654')).toEqual([6]);
    // "12": the house 12 (not 123), then EPICs holding 12? none; serial 12: none
    expect(serials('12')).toEqual([4]);
    expect(serials('1-114')).toEqual([1, 2]);
    expect(serials('1-114-a')).toEqual([2]);
    expect(serials('5')[0]).toBe(5);
  });

  it('answers what the desk shows, and how many names are readable', () => {
    const result = index.search('ramesh', 5);
    expect(result).toMatchObject({ matches: 1, total: 6, with_name: 5 });
    expect(result.voters[0]).toEqual({ index: 0, serial: 1, part: null, page: 1, name: 'रमेश कुमार', relation: null, relative_name: null, house_number: '1-114', age: 40, gender: 'पुरुष', epic: 'ABC1000001', deleted: false });
    expect(index.search('', 5)).toMatchObject({ matches: 0, voters: [] });
    expect(index.search('ram', 1).voters).toHaveLength(1);
  });

  it('searches a Latin list by its names too', () => {
    const latin = buildVoterIndex([voter(1, 'Ramesh Kumar'), voter(2, 'Sunita Devi')]);
    expect(latin.search('sunitha', 5).voters.map((v) => v.serial)).toEqual([2]);
    expect(latin.search('रमेश', 5).voters.map((v) => v.serial)).toEqual([1]);
  });

  it('finds Tamil names typed with the voiced letters Tamil does not write (durai for துரை, ganesan for கணேசன்)', () => {
    const tamil = buildVoterIndex([voter(1, 'துரை முருகன்'), voter(2, 'கணேசன்'), voter(3, 'பாலசுப்பிரமணியன்'), voter(4, 'தேவி'), voter(5, 'ஜெயலட்சுமி')]);
    const found = (q: string) => tamil.search(q, 5).voters.map((v) => v.serial);
    expect(found('durai')).toEqual([1]);
    expect(found('thurai')).toEqual([1]);
    expect(found('murugan')).toEqual([1]);
    expect(found('ganesan')).toEqual([2]);
    expect(found('ganeshan')).toEqual([2]);
    expect(found('balasubramanian')).toEqual([3]);
    expect(found('devi')).toEqual([4]);
    expect(found('துரை')).toEqual([1]);
    // the ksh of a Sanskrit name, which Tamil writes ட்ச
    expect(found('jayalakshmi')).toEqual([5]);
    // a list without Tamil names keeps voiced and unvoiced letters apart
    const hindiOnly = buildVoterIndex([voter(1, 'गणेश'), voter(2, 'कनेश')]);
    expect(hindiOnly.search('ganesh', 5).voters.map((v) => v.serial)[0]).toBe(1);
  });
});

describe('index cache', () => {
  it('builds once, keeps the recently used, drops the oldest past its bound', async () => {
    const cache = new VoterIndexCache(10);
    let loads = 0;
    const load = (n: number) => async () => {
      loads++;
      return Array.from({ length: n }, (_, i) => voter(i + 1, 'x'));
    };
    const [a, b] = await Promise.all([cache.get('a', load(4)), cache.get('a', load(4))]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    await cache.get('b', load(4));
    await cache.get('a', load(4)); // a is now the most recent
    await cache.get('c', load(4)); // 12 > 10: b goes
    expect(cache.keys).toEqual(['a', 'c']);
    expect(cache.voters).toBe(8);
    expect(loads).toBe(3);
    // a failed build is not kept
    await expect(cache.get('d', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(cache.keys).toEqual(['a', 'c']);
  });
});
