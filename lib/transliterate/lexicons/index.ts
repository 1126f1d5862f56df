/** The built-in lexicons of the scripts other than Hindi's (lexicon-words.ts), by language code. */
import type { ScriptLanguage } from '../scripts';
import { BENGALI_LEXICON } from './bn';
import { GUJARATI_LEXICON } from './gu';
import { KANNADA_LEXICON } from './kn';
import { MALAYALAM_LEXICON } from './ml';
import { MARATHI_LEXICON } from './mr';
import { ODIA_LEXICON } from './or';
import { PUNJABI_LEXICON } from './pa';
import { TAMIL_LEXICON } from './ta';
import { TELUGU_LEXICON } from './te';

export const SCRIPT_LEXICONS: Record<Exclude<ScriptLanguage, 'hi'>, string> = {
  mr: MARATHI_LEXICON,
  gu: GUJARATI_LEXICON,
  bn: BENGALI_LEXICON,
  pa: PUNJABI_LEXICON,
  or: ODIA_LEXICON,
  ta: TAMIL_LEXICON,
  te: TELUGU_LEXICON,
  kn: KANNADA_LEXICON,
  ml: MALAYALAM_LEXICON,
};
