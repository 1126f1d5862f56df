/**
 * A small character trigram model of Devanagari spelling, trained on the lexicon's words. It breaks
 * ties between spellings the rules find equally likely (e.g. `ा` or the inherent vowel) in words that
 * are not in the lexicon, by preferring letter sequences that real words use.
 */
export interface CharModel {
  /** Average negative log-probability per character (lower = more word-like). */
  cost(word: string): number;
}

const BOUNDARY = '^';
const END = '$';

export function trainCharModel(words: readonly string[]): CharModel {
  const tri = new Map<string, number>();
  const bi = new Map<string, number>();
  const uni = new Map<string, number>();
  const ctx2 = new Map<string, number>();
  const ctx1 = new Map<string, number>();
  let total = 0;
  const vocab = new Set<string>([END]);
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  for (const word of words) {
    const chars = [BOUNDARY, BOUNDARY, ...Array.from(word), END];
    for (let i = 2; i < chars.length; i++) {
      const [a, b, c] = [chars[i - 2], chars[i - 1], chars[i]];
      vocab.add(c);
      inc(tri, a + b + c);
      inc(ctx2, a + b);
      inc(bi, b + c);
      inc(ctx1, b);
      inc(uni, c);
      total++;
    }
  }
  const V = vocab.size + 20;
  const prob = (a: string, b: string, c: string): number => {
    const pUni = ((uni.get(c) ?? 0) + 1) / (total + V);
    const c1 = ctx1.get(b) ?? 0;
    const pBi = c1 > 0 ? (bi.get(b + c) ?? 0) / c1 : 0;
    const c2 = ctx2.get(a + b) ?? 0;
    const pTri = c2 > 0 ? (tri.get(a + b + c) ?? 0) / c2 : 0;
    return 0.5 * pTri + 0.35 * pBi + 0.15 * pUni;
  };
  return {
    cost(word: string): number {
      const chars = [BOUNDARY, BOUNDARY, ...Array.from(word), END];
      let sum = 0;
      for (let i = 2; i < chars.length; i++) sum += -Math.log(prob(chars[i - 2], chars[i - 1], chars[i]));
      return sum / (chars.length - 2);
    },
  };
}
