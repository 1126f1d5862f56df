/**
 * The scripts the offline transliterator writes, one table each. The Indian scripts' Unicode blocks are
 * laid out in parallel (each letter at the same offset from its block's start as in Devanagari), so the
 * spelling rules work in Devanagari as a pivot and each table says how its script differs: which letters
 * it lacks or writes otherwise (Tamil's single k for k/kh/g/gh, Bengali's ব for v, Gurmukhi's tippi, bindi
 * and addak, Malayalam's chillu letters), how its typists spell (Tamil zh, Marathi ळ, Dravidian short e and
 * o), how a word's last consonant ends, and its common place-name endings.
 */
import { HALANT, NUKTA, romanise, singleConsonants } from './devanagari';
import { C, V, type RuleProfile, type VowelUnit } from './rules';

export const SCRIPT_LANGUAGES = ['hi', 'mr', 'gu', 'bn', 'pa', 'or', 'ta', 'te', 'kn', 'ml'] as const;
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];

export function isScriptLanguage(value: string): value is ScriptLanguage {
  return (SCRIPT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language an address is typed in for a list of this language (a status answer's `summary.language`,
 * a LabelLanguage): its own script's, Hindi's for English or none.
 */
export function addressLanguageFor(listLanguage: string | null | undefined): ScriptLanguage {
  return listLanguage && isScriptLanguage(listLanguage) ? listLanguage : 'hi';
}

/** English names of the languages, for choosers and messages. */
export const SCRIPT_LANGUAGE_NAMES: Record<ScriptLanguage, string> = {
  hi: 'Hindi',
  mr: 'Marathi',
  gu: 'Gujarati',
  bn: 'Bengali',
  pa: 'Punjabi',
  or: 'Odia',
  ta: 'Tamil',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
};

const DEVANAGARI = 0x0900;
const BLOCK = 0x80;
/** Rewrites applied in order: [pattern, replacement]. */
type Rewrites = ReadonlyArray<readonly [RegExp, string]>;

export interface ScriptTable {
  lang: ScriptLanguage;
  /** First code point of the script's Unicode block. */
  base: number;
  /** How the spelling rules read typed letters for this script. */
  profile: RuleProfile;
  /**
   * Ways a pivot word whose last letter is a bare consonant may end in this script, each with its extra
   * cost: Tamil and Malayalam write the virama, Telugu the virama or a final u, Kannada the vowel.
   */
  finals: ReadonlyArray<readonly [string, number]>;
  /** Rewrites of a pivot spelling before it is moved into the script's block. */
  pivotRewrites: Rewrites;
  /** Rewrites in the script's own letters after the move. */
  nativeRewrites: Rewrites;
  /** Rewrites of a word in the script's letters before it is moved back to the pivot (for its romanisation). */
  backRewrites: Rewrites;
  /** Whether the short a goes unsaid inside words (Hindi रामपुर = raampur). */
  schwaDeletion: boolean;
  /**
   * Whether a compound of a rule-spelt stem and a place-name ending is judged by the character model as a
   * whole (every script but Hindi, whose weights were set with the stem judged alone; judged whole, its
   * list gains three words first and loses two).
   */
  compoundWhole?: boolean;
  /** Letters that are doubled when an ending beginning with them follows a vowel (Tamil, Malayalam). */
  sandhiDoubling?: string;
  /**
   * Common endings of place names: typed ending → in the script's letters, and optionally the cost of the
   * compound beside the stem's (default 0.2; below that where the ending is all but certain, Marathi -पूर).
   */
  endings: ReadonlyArray<readonly [string, string] | readonly [string, string, number]>;
  /**
   * Distinctions of typed Latin the script does not write, folded away in the keys a typed word and a lexicon
   * word's romanisation meet on: Tamil writes k and g, t and d, p and b, ch, j and s with one letter each, so a
   * typed `vaniyambadi` meets வாணியம்பாடி (romanised `vaaniyampaati`).
   */
  keyFolds?: Rewrites;
  /**
   * Whether a typed ai is the script's own vowel ai (the Dravidian scripts' diphthong, Tamil ை: மதுரை is typed
   * `madurai`; Bengali's and Odia's, said oi: নৈহাটি), not an e as in Hindi's keys (ऐ, said much like ए): the keys keep
   * ai apart from e, so a typed `mettu` does not meet மைத்து, nor `nai` নেই.
   */
  aiDistinct?: boolean;
  /**
   * Whether a word's final anusvara is its final m (Malayalam's കുന്നം, said and typed kunnam; Telugu's పాలెం, palem): a
   * word is found by its romanisation with the m, not with Hindi's nasal n after a dropped final a (kunnn).
   */
  finalAnusvaraM?: boolean;
  /**
   * Whether the language writes its case endings and postpositions joined to the noun (Tamil, Telugu, Kannada,
   * Malayalam: ಹಳೇಬೀಡಿನ, ಹಳೇಬೀಡಲ್ಲಿ), so that a name used often in writing stands in a word list with many words beginning
   * with its stem.
   */
  joinedEndings?: boolean;
}

const CONS = '[\\u0915-\\u0939]';
const NOT_AFTER_HALANT = `(?<!${HALANT})`;
/** Nukta letters of Hindi that a script writes without the nukta. */
const DROP_NUKTA: Rewrites = [[new RegExp(NUKTA, 'g'), '']];
/** The English o and e of ऑ/ॅ: scripts without them write ओ/ए. */
const NO_CANDRA: Rewrites = [
  [/ऑ/g, 'ओ'],
  [/ॉ/g, 'ो'],
  [/ऍ/g, 'ए'],
  [/ॅ/g, 'े'],
];

/** Dravidian typists write e and o for both the short and the long vowel; the short one is the likelier. */
function dravidianVowels(chunk: string, atEnd: boolean): VowelUnit[] | undefined {
  switch (chunk) {
    case 'e':
      return [V('ऎ', 'ॆ'), V('ए', 'े', 0.3)];
    case 'o':
      return [V('ऒ', 'ॊ'), V('ओ', 'ो', 0.1)];
    case 'ee':
      return [V('ई', 'ी'), V('ए', 'े', 0.4)];
    case 'oo':
      return [V('ऊ', 'ू'), V('ओ', 'ो', 0.6)];
    case 'a':
      return [V('अ', '', atEnd ? 0.2 : 0), V('आ', 'ा', atEnd ? 0.3 : 0.45)];
    case 'i':
    case 'y':
      // a final i is short (తుని, പാലക്കാട്ടി); a final y is the same vowel (kondotty)
      if (!atEnd) return chunk === 'i' ? [V('इ', 'ि'), V('ई', 'ी', 0.6)] : undefined;
      return [V('इ', 'ि'), V('ई', 'ी', 0.5)];
    default:
      return undefined;
  }
}

/**
 * Bengali and Odia write the sound typed `o` often with the bare letter (কলকাতা kolkata, ସୋର soro), and
 * a final i short (নৈহাটি, ପିପିଲି).
 */
function easternVowels(chunk: string, atEnd: boolean, afterConsonant: boolean): VowelUnit[] | undefined {
  // the bare letter is said o, so a typed a is more often ā (সোনারপুর, ଗୋପାଳପୁର)
  if (chunk === 'a') return [V('आ', 'ा', EASTERN_AA), V('अ', '', EASTERN_A)];
  if (chunk === 'o' && afterConsonant) return atEnd ? [V('ओ', 'ो'), V('अ', '', 0.3)] : [V('ओ', 'ो'), V('अ', '', 0.35)];
  if (chunk === 'i' && atEnd) return [V('इ', 'ि'), V('ई', 'ी', 0.35)];
  return undefined;
}

const EASTERN_AA = 0;
const EASTERN_A = 0.15;


/** Odia writes a final -ia as ିଆ (କରଞ୍ଜିଆ), not with ୟ. */
function odiaVowels(chunk: string, atEnd: boolean, afterConsonant: boolean): VowelUnit[] | undefined {
  if (chunk === 'ia') return afterConsonant && atEnd ? [V('इआ', 'िआ'), V('इया', 'िया', 0.4)] : [];
  return easternVowels(chunk, atEnd, afterConsonant);
}

/** A nasal before a stop written as the stop's own nasal joined to it (Bengali গঙ্গা, Odia ଆନନ୍ଦ, Tamil). */
const NASAL_CONJUNCTS: Rewrites = [
  [/ं(?=[कखगघ])/g, `ङ${HALANT}`],
  [/ं(?=[चछजझ])/g, `ञ${HALANT}`],
  [/ं(?=[टठडढ])/g, `ण${HALANT}`],
  [/ं(?=[तथदध])/g, `न${HALANT}`],
  [/ं(?=[पफबभ])/g, `म${HALANT}`],
];

const HINDI: ScriptTable = {
  lang: 'hi',
  base: DEVANAGARI,
  profile: {},
  finals: [['', 0]],
  pivotRewrites: [],
  nativeRewrites: [],
  backRewrites: [],
  schwaDeletion: true,
  endings: [
    ['pur', 'पुर'], ['nagar', 'नगर'], ['ganj', 'गंज'], ['garh', 'गढ़'], ['abad', 'ाबाद'], ['bad', 'बाद'],
    ['pura', 'पुरा'], ['puri', 'पुरी'], ['gaon', 'गांव'], ['gaon', 'गाँव'], ['khera', 'खेड़ा'], ['wala', 'वाला'],
    ['wali', 'वाली'], ['kot', 'कोट'], ['ghat', 'घाट'], ['tola', 'टोला'], ['patti', 'पट्टी'], ['ser', 'सर'],
  ],
};

const MARATHI: ScriptTable = {
  compoundWhole: true,
  ...HINDI,
  lang: 'mr',
  // Marathi writes ळ where Hindi has ल in many names (जळगाव), and no nukta letters
  profile: { consonants: { l: [C('ल'), C('ळ', 0.6)], n: [C('न'), C('ण', 0.7)], d: [C('द'), C('ड', 0.25)], t: [C('त'), C('ट', 0.3)] } },
  pivotRewrites: [...DROP_NUKTA],
  endings: [
    ['pur', 'पूर', -0.4], ['nagar', 'नगर'], ['gaon', 'गाव'], ['gav', 'गाव'], ['wadi', 'वाडी'], ['wada', 'वाडा'], ['abad', 'ाबाद'],
    ['pet', 'पेठ'], ['peth', 'पेठ'], ['ner', 'नेर'], ['khed', 'खेड'], ['kar', 'कर'], ['wadi', 'वाडी'], ['ali', 'आळी'],
  ],
};

const GUJARATI: ScriptTable = {
  compoundWhole: true,
  lang: 'gu',
  base: 0x0a80,
  profile: {
    consonants: { l: [C('ल'), C('ळ', 0.7)], n: [C('न'), C('ण', 0.7)], d: [C('द'), C('ड', 0.25)], t: [C('त'), C('ट', 0.3)] },
  },
  finals: [['', 0]],
  pivotRewrites: [...DROP_NUKTA],
  nativeRewrites: [],
  backRewrites: [],
  schwaDeletion: true,
  endings: [
    ['nagar', 'નગર'], ['pur', 'પુર'], ['bad', 'બાદ'], ['vad', 'વાડ'], ['wad', 'વાડ'], ['vada', 'વાડા'], ['wada', 'વાડા'],
    ['gam', 'ગામ'], ['dham', 'ધામ'], ['kot', 'કોટ'], ['sar', 'સર'], ['pura', 'પુરા'], ['nagari', 'નગરી'], ['gadh', 'ગઢ'],
    ['garh', 'ગઢ'],
  ],
};

const BENGALI: ScriptTable = {
  compoundWhole: true,
  aiDistinct: true,
  lang: 'bn',
  base: 0x0980,
  profile: {
    consonants: { s: [C('स'), C('श', 0.5)], t: [C('त'), C('ट', 0.25)] },
    vowels: easternVowels,
    // র-ফলা (গ্র, ব্র) is mostly in Sanskrit words; Bengali's own words write a consonant and র across a syllable in
    // full, no vowel said between them (হাবড়া, এগরা), as often as joined
    schwaBeforeR: 0.4,
  },
  finals: [['', 0]],
  pivotRewrites: [
    ...NASAL_CONJUNCTS,
    // Bengali writes v and b alike (ব); y between vowels is য়, after a consonant the য-phala
    [/व/g, 'ब'],
    [new RegExp(`(?<=[^${HALANT}])य(?!${NUKTA})`, 'g'), 'य़'],
    [new RegExp(`([^डढय])${NUKTA}`, 'g'), '$1'],
    ...NO_CANDRA,
  ],
  nativeRewrites: [],
  // য is said j (যশোর, যাদবপুর), but below a consonant (the য-ফলা of বিদ্যালয়) and as য় (y)
  backRewrites: [
    [/ৎ/g, 'ত্'],
    [/(?<!্)য(?!়)/g, 'জ'],
  ],
  schwaDeletion: true,
  endings: [
    ['pur', 'পুর'], ['nagar', 'নগর'], ['ganj', 'গঞ্জ'], ['gram', 'গ্রাম'], ['hat', 'হাট'], ['para', 'পাড়া'],
    ['danga', 'ডাঙা'], ['bari', 'বাড়ি'], ['ghat', 'ঘাট'], ['pukur', 'পুকুর'], ['garh', 'গড়'], ['hati', 'হাটি'],
  ],
};

const GURMUKHI_LONG_VOWELS = 'ਾੀੇੈੋੌਆਈਏਐਓਔ';
const GURMUKHI: ScriptTable = {
  compoundWhole: true,
  lang: 'pa',
  base: 0x0a00,
  // a doubled t is mostly the retroflex ੱਟ (ਪੱਟੀ, ਭੱਟੀ)
  profile: { consonants: { tt: [C('ट्ट'), C('त्त', 0.2)] } },
  finals: [['', 0]],
  pivotRewrites: [
    [/ृ/g, '्रि'],
    [/ऋ/g, 'रि'],
    [/[शष]/g, `स${NUKTA}`],
    [new RegExp(`क${NUKTA}`, 'g'), 'क'],
    ...NO_CANDRA,
  ],
  nativeRewrites: [
    [/[ਡਢ]਼/g, 'ੜ'],
    // a doubled consonant is written once with addak before it (ਪੱਟੀ)
    [/(\p{L}਼?)੍\1/gu, 'ੱ$1'],
    // only ਰ, ਹ and ਵ join below a consonant, ਰ only at the start of a word (ਪ੍ਰੀਤ); elsewhere the
    // consonants stand side by side (ਸੰਗਰੂਰ)
    [/(?<=.\p{M}*\p{L})੍ਰ/gu, 'ਰ'],
    [/੍(?![ਰਹਵ])/g, ''],
    // nasals: tippi after short vowels, bindi after long ones
    [/ਂ/g, 'ੰ'],
    [new RegExp(`([${GURMUKHI_LONG_VOWELS}])ੰ`, 'g'), '$1ਂ'],
  ],
  backRewrites: [
    [/ੰ/g, 'ਂ'],
    [/ੱ(\p{L})/gu, '$1੍$1'],
    [/ੜ/g, 'ਡ਼'],
  ],
  schwaDeletion: true,
  endings: [
    ['pur', 'ਪੁਰ'], ['nagar', 'ਨਗਰ'], ['kot', 'ਕੋਟ'], ['garh', 'ਗੜ੍ਹ'], ['wala', 'ਵਾਲਾ'], ['wali', 'ਵਾਲੀ'], ['pind', 'ਪਿੰਡ'],
    ['sar', 'ਸਰ'], ['ana', 'ਆਣਾ'], ['abad', 'ਾਬਾਦ'], ['ian', 'ੀਆਂ', -0.3], ['wal', 'ਵਾਲ'],
  ],
};

const ODIA: ScriptTable = {
  compoundWhole: true,
  aiDistinct: true,
  lang: 'or',
  base: 0x0b00,
  profile: {
    consonants: { n: [C('न'), C('ण', 0.6)], s: [C('स'), C('श', 0.8)], l: [C('ल'), C('ळ', 0.4)], t: [C('त'), C('ट', 0.25)] },
    vowels: odiaVowels,
  },
  finals: [['', 0]],
  pivotRewrites: [
    ...NASAL_CONJUNCTS,
    // Odia's ଯ is a j; the y sound is ୟ, except as the य-phala
    [new RegExp(`${NOT_AFTER_HALANT}य(?!${NUKTA})`, 'g'), 'य़'],
    // v is ବ, and ୱ below a consonant
    [new RegExp(`${NOT_AFTER_HALANT}व`, 'g'), 'ब'],
    [new RegExp(`${HALANT}व`, 'g'), `${HALANT}\u0971`],
    [new RegExp(`([^डढय])${NUKTA}`, 'g'), '$1'],
    ...NO_CANDRA,
  ],
  // ୟ is a letter of its own in Odia, not ଯ with a nukta
  nativeRewrites: [[/ଯ଼/g, 'ୟ']],
  // ଯ is said j (ଯାଜପୁର), but below a consonant (the ଯ-phala) and as ୟ (y)
  backRewrites: [
    [/ୱ/g, 'ଵ'],
    [/(?<!୍)ଯ(?!଼)/g, 'ଜ'],
  ],
  schwaDeletion: true,
  endings: [
    ['pur', 'ପୁର'], ['nagar', 'ନଗର'], ['garh', 'ଗଡ଼'], ['pada', 'ପଡ଼ା'], ['patna', 'ପାଟଣା'], ['sahi', 'ସାହି'],
  ],
};

/** Tamil: one letter for each voiced/aspirated set, nasals written out before a stop, ன inside words. */
const TAMIL: ScriptTable = {
  compoundWhole: true,
  joinedEndings: true,
  sandhiDoubling: 'கசதப',
  aiDistinct: true,
  lang: 'ta',
  base: 0x0b80,
  profile: {
    consonants: {
      s: [C('च'), C('स', 0.5)],
      r: [C('र'), C('ऱ', 0.7)],
      l: [C('ल'), C('ळ', 0.5), C('ऴ', 1.0)],
      zh: [C('ऴ')],
      n: [C('न'), C('ण', 0.8)],
      d: [C('ट'), C('त', 0.3)],
      t: [C('त'), C('ट', 0.4)],
      tt: [C('ट्ट'), C('त्त', 0.3)],
      // a voiceless t between vowels is written doubled (a single த there is said d): குடியாத்தம், முத்து
      th: [C('त'), C('त्त', 0.3)],
      dh: [C('त')],
      g: [C('क')],
      v: [C('व')],
      w: [C('व')],
    },
    vowels: dravidianVowels,
    schwaExtra: 1.5,
  },
  finals: [[HALANT, 0]],
  pivotRewrites: [
    [new RegExp(NUKTA, 'g'), ''],
    [/[खगघ]/g, 'क'],
    [/छ/g, 'च'],
    [/झ/g, 'ज'],
    [/[ठडढ]/g, 'ट'],
    [/[थदध]/g, 'त'],
    [/[फबभ]/g, 'प'],
    [/श/g, 'ष'],
    [/ृ/g, 'िरु'],
    // Tamil writes a nasal before a stop as the stop's own nasal with a virama, and has no anusvara
    ...NASAL_CONJUNCTS,
    [/[ंँ]/g, `म${HALANT}`],
    [new RegExp(`न${HALANT}ट`, 'g'), `ण${HALANT}ट`],
    // no Tamil word begins with a retroflex or alveolar letter (ட ண ள ழ ற) or a doubled one: a typed d or t begins
    // one with த (திண்டுக்கல், தர்மபுரி)
    [/^ट/, 'त'],
    [/^ण/, 'न'],
    [/^[ळऴ]/, 'ल'],
    [/^ऱ/, 'र'],
    [new RegExp(`^(${CONS})${HALANT}\\1`), '$1'],
    // ந begins words and comes before த; elsewhere the n is ன
    [new RegExp(`(?<=.)न(?!${HALANT}त)`, 'g'), 'ऩ'],
    ...NO_CANDRA,
  ],
  nativeRewrites: [],
  // ற்ற is said and typed tr (குற்றாலம் kutralam)
  backRewrites: [[/ற்ற/g, 'ட்ர']],
  schwaDeletion: false,
  keyFolds: [
    // ழ is typed zh (jh once the keys read z as j) or, in most English spellings, l (பழனி Palani, விழுப்புரம் Villupuram)
    [/jh/g, 'l'],
    [/ch|sh|j/g, 's'],
    [/[td]h/g, 't'],
    [/d/g, 't'],
    [/b/g, 'p'],
    [/g/g, 'k'],
  ],
  endings: [
    ['puram', 'புரம்', -0.2], ['pattinam', 'பட்டினம்', -0.2], ['palayam', 'பாளையம்', -0.2], ['patti', 'பட்டி'], ['nagar', 'நகர்'],
    ['kudi', 'குடி'], ['gudi', 'குடி'], ['kottai', 'கோட்டை', -0.2], ['malai', 'மலை'], ['pettai', 'பேட்டை', -0.2], ['ur', 'ூர்', -0.3], ['oor', 'ூர்', -0.3],
  ],
};

const SOUTHERN_REWRITES: Rewrites = [...DROP_NUKTA, ...NO_CANDRA];

const TELUGU: ScriptTable = {
  // a final ం is said m, as in Malayalam (పాలెం palem)
  finalAnusvaraM: true,
  compoundWhole: true,
  joinedEndings: true,
  aiDistinct: true,
  lang: 'te',
  base: 0x0c00,
  profile: { consonants: { l: [C('ल'), C('ळ', 0.6)], n: [C('न'), C('ण', 0.8)], th: [C('त'), C('थ', 0.4)] }, vowels: dravidianVowels, schwaExtra: 1.2 },
  finals: [
    [HALANT, 0],
    ['ु', 0.3],
  ],
  pivotRewrites: [
    ...SOUTHERN_REWRITES,
    // a final m is the anusvara (ఖమ్మం)
    [new RegExp(`म${HALANT}$`), 'ं'],
  ],
  nativeRewrites: [],
  backRewrites: [],
  schwaDeletion: false,
  endings: [
    ['peta', 'పేట', -0.3], ['pet', 'పేట'], ['nagar', 'నగర్'], ['puram', 'పురం', -0.3], ['palli', 'పల్లి', -0.3], ['pally', 'పల్లి', -0.3],
    ['gudem', 'గూడెం'], ['kota', 'కోట'], ['wada', 'వాడ'], ['ur', 'ూరు', -0.3], ['uru', 'ూరు', -0.3], ['oor', 'ూరు', -0.3], ['abad', 'ాబాద్'],
  ],
};

const KANNADA: ScriptTable = {
  compoundWhole: true,
  joinedEndings: true,
  aiDistinct: true,
  lang: 'kn',
  base: 0x0c80,
  profile: {
    consonants: {
      l: [C('ल'), C('ळ', 0.3)],
      n: [C('न'), C('ण', 0.8)],
      th: [C('त'), C('थ', 0.4)],
      t: [C('त'), C('ट', 0.15)],
      d: [C('द'), C('ड', 0.15)],
    },
    vowels: dravidianVowels,
    schwaExtra: 0.3,
  },
  finals: [
    ['', 0],
    ['ु', 0.3],
    [HALANT, 1.0],
  ],
  pivotRewrites: [...SOUTHERN_REWRITES],
  nativeRewrites: [],
  backRewrites: [],
  schwaDeletion: false,
  endings: [
    ['halli', 'ಹಳ್ಳಿ', -0.3], ['pura', 'ಪುರ'], ['pur', 'ಪುರ'], ['nagar', 'ನಗರ'], ['kere', 'ಕೆರೆ', -0.3], ['pete', 'ಪೇಟೆ', -0.3],
    ['kote', 'ಕೋಟೆ', -0.3],
    ['uru', 'ೂರು', -0.3], ['ur', 'ೂರು', -0.3], ['gudi', 'ಗುಡಿ'], ['koppa', 'ಕೊಪ್ಪ'], ['palya', 'ಪಾಳ್ಯ'],
  ],
};

const MALAYALAM: ScriptTable = {
  compoundWhole: true,
  joinedEndings: true,
  aiDistinct: true,
  sandhiDoubling: 'കചതപ',
  finalAnusvaraM: true,
  // the English spellings of Malayalam names write a final -aṁ as om (Vaikom വൈക്കം, Kumarakom കുമരകം)
  keyFolds: [
    [/(?<=[^aeiou])om$/, 'am'],
    // ഞ്ച is typed nj as often as nch (മഞ്ചേരി manjeri)
    [/nch/g, 'nj'],
  ],
  lang: 'ml',
  base: 0x0d00,
  profile: {
    consonants: {
      l: [C('ल'), C('ळ', 0.5)],
      zh: [C('ऴ')],
      r: [C('र'), C('ऱ', 0.8)],
      n: [C('न'), C('ण', 0.7)],
      // a voiceless t between vowels is written doubled (പത്തനംതിട്ട)
      th: [C('त'), C('थ', 0.4), C('त्त', 0.3)],
      // a typed tt is also Malayalam's own ṯṯ, റ്റ (ചിറ്റൂർ, ഒറ്റപ്പാലം)
      tt: [C('ट्ट'), C('त्त', 0.3), C('ऱ्ऱ', 0.3)],
      d: [C('ट'), C('द', 0.3), C('ड', 0.5)],
      // a typed ng between vowels is often the doubled ങ്ങ (നെടുമങ്ങാട്)
      ng: [C('ङ्ङ', 0.4)],
    },
    vowels: dravidianVowels,
    schwaExtra: 1.5,
  },
  finals: [[HALANT, 0]],
  pivotRewrites: [
    ...SOUTHERN_REWRITES,
    [new RegExp(`म${HALANT}$`), 'ं'],
    // no word begins with a doubled letter
    [new RegExp(`^(${CONS})${HALANT}\\1`), '$1'],
    // a nasal before a stop is the stop's own nasal, and the stop after it unvoiced (അമ്പലം, കൊണ്ടോട്ടി, മഞ്ചേരി)
    ...NASAL_CONJUNCTS,
    [new RegExp(`[नण]${HALANT}ड`, 'g'), `ण${HALANT}ट`],
    [new RegExp(`म${HALANT}ब`, 'g'), `म${HALANT}प`],
    [new RegExp(`ञ${HALANT}ज`, 'g'), `ञ${HALANT}च`],
  ],
  nativeRewrites: [
    [/ന്$/, 'ൻ'],
    [/ണ്$/, 'ൺ'],
    [/ര്$/, 'ർ'],
    [/ല്$/, 'ൽ'],
    [/ള്$/, 'ൾ'],
    // ര before another consonant is the chillu ർ (കാസർഗോഡ്)
    [/ര്(?=[ക-ഹ])/g, 'ർ'],
    // a nasal before ഗ is the anusvara (മംഗലം); ങ്ഗ is all but unused
    [/ങ്ഗ/g, 'ംഗ'],
  ],
  // ഞ is typed nj (ഞാൻ njan, കാഞ്ഞിരപ്പള്ളി kanjirappally), its doubled ഞ്ഞ too; before ച or ജ it is the n of nch/nj
  backRewrites: [
    [/ഞ്ഞ/g, 'ഞ്ജ'],
    [/ഞ(?!്)/g, 'ഞ്ജ'],
    // ങ്ങ is typed ng (നെടുമങ്ങാട് nedumangad)
    [/ങ്ങ/g, 'ങ്ഗ'],
  ],
  schwaDeletion: false,
  endings: [
    ['puram', 'പുരം', -0.3], ['kara', 'കര'], ['kode', 'ക്കോട്'], ['kulam', 'കുളം', -0.3], ['nadu', 'നാട്'], ['nad', 'നാട്', -0.2],
    ['ppally', 'പ്പള്ളി'], ['ppuzha', 'പ്പുഴ', -0.3], ['puzha', 'പുഴ', -0.3],
    ['palli', 'പള്ളി'], ['thara', 'ത്തറ'], ['kavu', 'കാവ്'], ['pally', 'പള്ളി'], ['ur', 'ൂർ', -0.3], ['oor', 'ൂർ', -0.3],
  ],
};

export const SCRIPT_TABLES: Record<ScriptLanguage, ScriptTable> = {
  hi: HINDI,
  mr: MARATHI,
  gu: GUJARATI,
  bn: BENGALI,
  pa: GURMUKHI,
  or: ODIA,
  ta: TAMIL,
  te: TELUGU,
  kn: KANNADA,
  ml: MALAYALAM,
};

function rewrite(text: string, rules: Rewrites): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}

const UNASSIGNED = /\p{Cn}/u;

/**
 * A rule spelling (Devanagari pivot) in the script's own letters, or null when the script cannot write it
 * (a letter its block lacks). Hindi's spellings come back unchanged.
 */
export function fromPivot(pivot: string, table: ScriptTable): string | null {
  if (table.lang === 'hi') return pivot;
  const prepared = rewrite(pivot, table.pivotRewrites);
  let moved = '';
  for (const ch of prepared) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < DEVANAGARI || cp >= DEVANAGARI + BLOCK) {
      moved += ch;
      continue;
    }
    const to = cp - DEVANAGARI + table.base;
    const letter = String.fromCodePoint(to);
    if (UNASSIGNED.test(letter)) return null;
    moved += letter;
  }
  return rewrite(moved, table.nativeRewrites).normalize('NFC');
}

/** The pivot spellings of a rule spelling ending in a bare consonant: the script's ways of ending it. */
export function withFinals(pivot: string, table: ScriptTable): Array<[string, number]> {
  if (!new RegExp(`${CONS}${NUKTA}?$`).test(pivot)) return [[pivot, 0]];
  return table.finals.map(([ending, cost]) => [pivot + ending, cost]);
}

/** Malayalam's chillu letters (a consonant with no vowel) as consonant + virama. */
const CHILLU_BACK: Record<string, string> = { ൻ: 'ന്', ൺ: 'ണ്', ർ: 'ര്', ൽ: 'ല്', ൾ: 'ള്' };

/** A word in the script's letters moved back to the pivot (Devanagari), for its romanisation. */
export function toPivot(word: string, table: ScriptTable): string {
  if (table.lang === 'hi') return word;
  let text = rewrite(word.normalize('NFC'), table.backRewrites);
  if (table.lang === 'ml') text = text.replace(/[ൻൺർൽൾ]/g, (c) => CHILLU_BACK[c] ?? c);
  let out = '';
  for (const whole of text) {
    // A vowel written in two parts (Tamil and Malayalam ொ ோ ௌ ஔ, Bengali and Odia ো ৌ, Kannada ೊ ೋ, Telugu ై) is
    // one vowel: it is moved whole, to the Devanagari vowel at its place in the block (ॊ ो ौ औ). Decomposed, it
    // became e + aa (கொ → "keaa", never meeting a typed "ko"). Anything else is decomposed (a nukta letter).
    const offset = (whole.codePointAt(0) ?? 0) - table.base;
    const vowel = (offset >= VOWELS[0] && offset <= VOWELS[1]) || (offset >= VOWEL_SIGNS[0] && offset <= VOWEL_SIGNS[1]);
    const parts = vowel ? whole : whole.normalize('NFD');
    for (const ch of parts) {
      const cp = ch.codePointAt(0) ?? 0;
      out += cp >= table.base && cp < table.base + BLOCK ? String.fromCodePoint(cp - table.base + DEVANAGARI) : ch;
    }
  }
  return out.replace(/\u0971/g, 'व').normalize('NFC');
}

/** The offsets of the vowels (अ .. औ) and of the vowel signs (ा .. ौ) in every Indic block. */
const VOWELS = [0x05, 0x14] as const;
const VOWEL_SIGNS = [0x3e, 0x4c] as const;

/** A typed key with the distinctions the script does not write folded away (its `keyFolds`; doubled letters once more single). */
export function foldKey(key: string, table: ScriptTable): string {
  if (!table.keyFolds) return key;
  return singleConsonants(rewrite(key, table.keyFolds));
}

/** The plain romanisation of a word in the script's letters (the key a typed spelling meets it on). */
export function romaniseIn(word: string, table: ScriptTable, deleteMedialSchwa = table.schwaDeletion): string {
  const pivot = toPivot(word, table);
  // a final anusvara is an m where the script writes a final m with it (വൈക്കം vaikkam, not vaikkn)
  // a script that says the short a inside words says it at the end too (Tamil ஆரண்ய aaranya, not aarany, whose final
  // y the keys would read as the i of ஆரணி)
  return romanise(table.finalAnusvaraM ? pivot.replace(/ं$/, `म${HALANT}`) : pivot, deleteMedialSchwa, !table.schwaDeletion);
}

/** Whether text holds letters of the script's block. */
export function isInScript(text: string, table: ScriptTable): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= table.base && cp < table.base + BLOCK) return true;
  }
  return false;
}
