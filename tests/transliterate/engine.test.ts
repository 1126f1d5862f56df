import { describe, expect, it } from 'vitest';
import { looseKey, romanise } from '@/lib/transliterate/devanagari';
import { createEngine, transliterateWord } from '@/lib/transliterate/engine';
import { buildLexicon, builtInLexiconText, getLexicon, parseLexicon } from '@/lib/transliterate/lexicon';
import { SCRIPT_LANGUAGES } from '@/lib/transliterate/scripts';
import { generateCandidates } from '@/lib/transliterate/rules';
import { evaluate, formatScore, loadPairs } from './evaluate';

describe('spelling rules', () => {
  const top = (w: string, n = 5) => generateCandidates(w, n).map((c) => c.text);

  it('joins consonants with a halant where Hindi writes a conjunct', () => {
    expect(top('kendra')).toContain('केंद्र');
    expect(top('vidya')).toContain('विद्या');
    expect(top('mohalla')).toContain('मोहल्ला');
    expect(top('marg')).toContain('मार्ग');
  });
  it('leaves the short a unwritten between a vowel + consonant and a consonant + vowel', () => {
    expect(top('prathmik')).toContain('प्राथमिक');
    expect(top('rampur')).toContain('रामपुर');
  });
  it('uses vowel signs after consonants and independent vowels elsewhere', () => {
    expect(top('ek')[0]).toBe('एक');
    expect(top('gali')[0]).toBe('गली');
    expect(top('chowk')[0]).toBe('चौक');
    expect(top('grih', 5)).toContain('गृह');
  });
  it('writes nasals as anusvara or chandrabindu, and nukta letters', () => {
    expect(top('panchayat', 10)).toContain('पंचायत');
    expect(top('kuan', 10)).toContain('कुआँ');
    expect(top('zila', 10)).toContain('ज़िला');
    expect(top('sadak', 10)).toContain('सड़क');
  });
  it('answers nothing for non-letters', () => {
    expect(generateCandidates('12')).toEqual([]);
    expect(generateCandidates('')).toEqual([]);
  });
});

describe('romanisation keys', () => {
  it('romanises with Hindi schwa deletion', () => {
    expect(romanise('रामपुर')).toBe('raampur');
    expect(romanise('नगर')).toBe('nagar');
    expect(romanise('विद्यालय')).toBe('vidyaalay');
  });
  it('meets a typed spelling on the loose key', () => {
    expect(looseKey('vidyalaya')).toBe(looseKey(romanise('विद्यालय')));
    expect(looseKey('mohalla')).toBe(looseKey(romanise('मोहल्ला')));
    expect(looseKey('bhawan')).toBe(looseKey(romanise('भवन')));
  });
});

describe('offline engine', () => {
  it('puts the real word first for common address words', () => {
    expect(transliterateWord('rampur')[0]).toBe('रामपुर');
    expect(transliterateWord('vidyalaya')[0]).toBe('विद्यालय');
    expect(transliterateWord('lucknow')[0]).toBe('लखनऊ');
    expect(transliterateWord('School')[0]).toBe('स्कूल');
  });
  it('spells the name in a place name as it is said, not with a Sanskrit conjunct', () => {
    expect(transliterateWord('narpatganj')[0]).toBe('नरपतगंज');
    expect(transliterateWord('dharampur')[0]).toBe('धरमपुर');
    // a word that is not a place name keeps its conjunct
    expect(transliterateWord('antargat')[0]).toBe('अंतर्गत');
  });
  it('puts a word before the longer words that begin with it', () => {
    expect(transliterateWord('vikas')[0]).toBe('विकास');
    expect(transliterateWord('khand')[0]).toBe('खंड');
    expect(transliterateWord('vikaskhand')[0]).toBe('विकासखंड');
  });
  it('meets a typed au with a word that says it, before one with o that the key folds it into', () => {
    const engine = createEngine(buildLexicon('मोर\nमौर'));
    expect(engine.suggest('maur')[0]).toBe('मौर');
    expect(engine.suggest('mour')[0]).toBe('मौर');
    // a typed o still finds मोर first, and मौर among the rest
    expect(engine.suggest('mor').slice(0, 2)).toEqual(['मोर', 'मौर']);
  });
  it('meets a typed chh with a word written with the aspirate, before one with ch', () => {
    const engine = createEngine(buildLexicon('चाल\nछाल'));
    expect(engine.suggest('chhal')[0]).toBe('छाल');
    expect(engine.suggest('chal')[0]).toBe('चाल');
  });
  it('gives at most the asked number of distinct suggestions', () => {
    const five = transliterateWord('nagar', 5);
    expect(five.length).toBe(5);
    expect(new Set(five).size).toBe(5);
    expect(transliterateWord('nagar', 2).length).toBe(2);
    expect(transliterateWord('nagar', 0)).toEqual([]);
  });
  it('gives nothing for text that is not one Latin word', () => {
    expect(transliterateWord('')).toEqual([]);
    expect(transliterateWord('12')).toEqual([]);
    expect(transliterateWord('राम')).toEqual([]);
  });
});

describe('accuracy on the address word list (tests/transliterate/address-words.tsv)', () => {
  const lexicon = getLexicon();
  const pairs = loadPairs();
  const report = evaluate(createEngine(lexicon), lexicon, pairs);
  console.log(
    [
      formatScore('all', report.all),
      formatScore('in-lexicon', report.inLexicon),
      formatScore('out-of-lexicon', report.outOfLexicon),
      formatScore('hold-out third', report.holdout),
    ].join('\n'),
  );

  it('has at least 300 pairs, many of them outside the lexicon', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    expect(report.outOfLexicon.n).toBeGreaterThanOrEqual(100);
  });
  it('reaches the target overall: top-5 ≥ 90%, top-1 ≥ 70%', () => {
    expect(report.all.top5).toBeGreaterThanOrEqual(0.9);
    expect(report.all.top1).toBeGreaterThanOrEqual(0.7);
  });
  it('keeps its measured floors in and out of the lexicon', () => {
    expect(report.inLexicon.top1).toBeGreaterThanOrEqual(0.97);
    expect(report.inLexicon.top5).toBeGreaterThanOrEqual(0.99);
    expect(report.outOfLexicon.top1).toBeGreaterThanOrEqual(0.4);
    expect(report.outOfLexicon.top5).toBeGreaterThanOrEqual(0.75);
  });
});

describe('built-in lexicons', () => {
  // a line is a word and its typed spellings, each one Latin word: a phrase written with a space ("vikas khand")
  // becomes two spellings, and its parts then suggest the compound before the words they are
  it.each(SCRIPT_LANGUAGES)('%s: no typed spelling is given to two different words', (lang) => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const { word, spellings } of parseLexicon(builtInLexiconText(lang))) {
      for (const s of spellings) {
        const other = owner.get(s);
        if (other !== undefined && other !== word) shared.push(`${s}: ${other}, ${word}`);
        owner.set(s, word);
      }
    }
    expect(shared).toEqual([]);
  });
});
