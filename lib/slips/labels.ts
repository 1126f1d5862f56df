import type { ParseReport, VoterRecord } from './types';

/**
 * The words a slip prints around the voter's data, in the language of the list (with English beside)
 * or in English only: the labels of an Excel voter's fields and the roll-facts line.
 */
export const LABEL_LANGUAGES = ['en', 'hi', 'mr', 'gu', 'bn', 'pa', 'or', 'ta', 'te', 'kn', 'ml'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

export interface LabelSet {
  /** short serial label, as in "Part 12 · Sr. 345" */
  serial: string;
  part: string;
  name: string;
  father: string;
  husband: string;
  mother: string;
  relative: string;
  house: string;
  age: string;
  gender: string;
  section: string;
  pollingStation: string;
  epic: string;
  deleted: string;
}

const LABELS: Record<LabelLanguage, LabelSet> = {
  en: { serial: 'Sr.', part: 'Part', name: 'Name', father: 'Father', husband: 'Husband', mother: 'Mother', relative: 'Relative', house: 'House No.', age: 'Age', gender: 'Gender', section: 'Section', pollingStation: 'Polling station', epic: 'EPIC', deleted: 'DELETED' },
  hi: { serial: 'क्र.', part: 'भाग', name: 'नाम', father: 'पिता', husband: 'पति', mother: 'माता', relative: 'संबंधी', house: 'मकान नं.', age: 'आयु', gender: 'लिंग', section: 'अनुभाग', pollingStation: 'मतदान केंद्र', epic: 'पहचान पत्र', deleted: 'हटाया गया' },
  mr: { serial: 'अ.क्र.', part: 'भाग', name: 'नाव', father: 'वडील', husband: 'पती', mother: 'आई', relative: 'नातेवाईक', house: 'घर क्र.', age: 'वय', gender: 'लिंग', section: 'विभाग', pollingStation: 'मतदान केंद्र', epic: 'ओळखपत्र', deleted: 'वगळले' },
  gu: { serial: 'ક્ર.', part: 'ભાગ', name: 'નામ', father: 'પિતા', husband: 'પતિ', mother: 'માતા', relative: 'સંબંધી', house: 'ઘર નં.', age: 'ઉંમર', gender: 'જાતિ', section: 'વિભાગ', pollingStation: 'મતદાન મથક', epic: 'ઓળખપત્ર', deleted: 'રદ' },
  bn: { serial: 'ক্রমিক', part: 'অংশ', name: 'নাম', father: 'পিতা', husband: 'স্বামী', mother: 'মাতা', relative: 'আত্মীয়', house: 'বাড়ি নং', age: 'বয়স', gender: 'লিঙ্গ', section: 'বিভাগ', pollingStation: 'ভোটকেন্দ্র', epic: 'পরিচয়পত্র', deleted: 'বাদ' },
  pa: { serial: 'ਲੜੀ ਨੰ.', part: 'ਭਾਗ', name: 'ਨਾਮ', father: 'ਪਿਤਾ', husband: 'ਪਤੀ', mother: 'ਮਾਤਾ', relative: 'ਰਿਸ਼ਤੇਦਾਰ', house: 'ਮਕਾਨ ਨੰ.', age: 'ਉਮਰ', gender: 'ਲਿੰਗ', section: 'ਖੰਡ', pollingStation: 'ਪੋਲਿੰਗ ਸਟੇਸ਼ਨ', epic: 'ਪਛਾਣ ਪੱਤਰ', deleted: 'ਹਟਾਇਆ' },
  or: { serial: 'କ୍ରମିକ', part: 'ଭାଗ', name: 'ନାମ', father: 'ପିତା', husband: 'ସ୍ୱାମୀ', mother: 'ମାତା', relative: 'ସମ୍ପର୍କୀୟ', house: 'ଘର ନଂ', age: 'ବୟସ', gender: 'ଲିଙ୍ଗ', section: 'ବିଭାଗ', pollingStation: 'ମତଦାନ କେନ୍ଦ୍ର', epic: 'ପରିଚୟପତ୍ର', deleted: 'ବାଦ' },
  ta: { serial: 'வ.எண்', part: 'பாகம்', name: 'பெயர்', father: 'தந்தை', husband: 'கணவர்', mother: 'தாய்', relative: 'உறவினர்', house: 'வீட்டு எண்', age: 'வயது', gender: 'பாலினம்', section: 'பிரிவு', pollingStation: 'வாக்குச்சாவடி', epic: 'அடையாள அட்டை', deleted: 'நீக்கப்பட்டது' },
  te: { serial: 'క్ర.సం.', part: 'భాగం', name: 'పేరు', father: 'తండ్రి', husband: 'భర్త', mother: 'తల్లి', relative: 'బంధువు', house: 'ఇంటి నం.', age: 'వయస్సు', gender: 'లింగం', section: 'విభాగం', pollingStation: 'పోలింగ్ కేంద్రం', epic: 'గుర్తింపు కార్డు', deleted: 'తొలగించబడింది' },
  kn: { serial: 'ಕ್ರ.ಸಂ.', part: 'ಭಾಗ', name: 'ಹೆಸರು', father: 'ತಂದೆ', husband: 'ಪತಿ', mother: 'ತಾಯಿ', relative: 'ಸಂಬಂಧಿ', house: 'ಮನೆ ಸಂ.', age: 'ವಯಸ್ಸು', gender: 'ಲಿಂಗ', section: 'ವಿಭಾಗ', pollingStation: 'ಮತಗಟ್ಟೆ', epic: 'ಗುರುತಿನ ಚೀಟಿ', deleted: 'ತೆಗೆದುಹಾಕಲಾಗಿದೆ' },
  ml: { serial: 'ക്രമ നം.', part: 'ഭാഗം', name: 'പേര്', father: 'അച്ഛൻ', husband: 'ഭർത്താവ്', mother: 'അമ്മ', relative: 'ബന്ധു', house: 'വീട്ടു നം.', age: 'വയസ്സ്', gender: 'ലിംഗം', section: 'വിഭാഗം', pollingStation: 'പോളിംഗ് സ്റ്റേഷൻ', epic: 'തിരിച്ചറിയൽ കാർഡ്', deleted: 'നീക്കം ചെയ്തു' },
};

/** Unicode blocks of the Indian scripts the slips print, and the language whose labels each gets. */
const SCRIPTS: { from: number; to: number; language: LabelLanguage }[] = [
  { from: 0x0900, to: 0x097f, language: 'hi' },
  { from: 0x0980, to: 0x09ff, language: 'bn' },
  { from: 0x0a00, to: 0x0a7f, language: 'pa' },
  { from: 0x0a80, to: 0x0aff, language: 'gu' },
  { from: 0x0b00, to: 0x0b7f, language: 'or' },
  { from: 0x0b80, to: 0x0bff, language: 'ta' },
  { from: 0x0c00, to: 0x0c7f, language: 'te' },
  { from: 0x0c80, to: 0x0cff, language: 'kn' },
  { from: 0x0d00, to: 0x0d7f, language: 'ml' },
];

/** A list's language with its roll's own facts (the cover's polling station, section, assembly, address) counted in: a scanned roll's names are unread, its cover is not. */
export function rollLanguage(voters: readonly Pick<VoterRecord, 'name' | 'relativeName' | 'section' | 'pollingStation'>[], header: ParseReport['header']): LabelLanguage {
  return listLanguage(voters, [header.pollingStation, header.section, header.assemblyName, header.pollingStationAddress]);
}

/**
 * The language of a list, from the script most of its text is in (names, relatives, sections, polling
 * stations, and the roll's own header): English when it holds no Indian script (an English list, or a
 * roll whose text layer is not readable). Devanagari is Marathi when its text uses ळ, which Marathi
 * writes often and Hindi never, else Hindi.
 */
export function listLanguage(voters: readonly Pick<VoterRecord, 'name' | 'relativeName' | 'section' | 'pollingStation'>[], header: readonly (string | undefined)[] = []): LabelLanguage {
  const counts = new Map<LabelLanguage, number>();
  let devanagari = 0;
  let lla = 0;
  const count = (text: string | undefined) => {
    if (!text) return;
    for (const ch of text) {
      const code = ch.codePointAt(0) ?? 0;
      const script = SCRIPTS.find((s) => code >= s.from && code <= s.to);
      if (!script) continue;
      counts.set(script.language, (counts.get(script.language) ?? 0) + 1);
      if (script.language === 'hi') {
        devanagari++;
        if (code === 0x0933) lla++;
      }
    }
  };
  // a sample is enough: a list is in one script
  const step = Math.max(1, Math.floor(voters.length / 2000));
  for (let i = 0; i < voters.length; i += step) {
    const v = voters[i];
    count(v.name);
    count(v.relativeName);
    count(v.section);
    count(v.pollingStation);
  }
  for (const h of header) count(h);
  let best: LabelLanguage = 'en';
  let most = 0;
  for (const [language, n] of counts) {
    if (n > most) {
      best = language;
      most = n;
    }
  }
  if (best === 'hi' && devanagari > 0 && lla / devanagari > 0.002) return 'mr';
  return best;
}

export function labelsFor(language: LabelLanguage): LabelSet {
  return LABELS[language];
}

/**
 * A label as printed: the list's word and the English one ("नाम / Name"), or one of them when they are
 * the same language or English only is asked for.
 */
export function bilingual(key: keyof LabelSet, language: LabelLanguage, englishOnly: boolean): string {
  const english = LABELS.en[key];
  if (englishOnly || language === 'en') return english;
  return `${LABELS[language][key]} / ${english}`;
}
