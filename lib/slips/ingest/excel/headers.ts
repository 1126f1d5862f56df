/**
 * Finding the header row of a voter-list spreadsheet by synonyms: English, the ECI electoral database's own
 * column names (SLNOINPART, FM_NAME_V2, RLN_FM_NM_V2, IDCARD_NO, …), and the headings of every script a slip
 * prints: Hindi and Marathi (Devanagari), Gujarati, Bengali and Assamese, Punjabi (Gurmukhi), Odia, Tamil,
 * Telugu, Kannada and Malayalam. `surname` and `relativeSurname` are the database's last-name columns, joined
 * to the name; `genderAge` is a combined cell ("M / 59"); `nameRelation` is a name with the relation and the
 * relative in one cell ("Ram Kumar (S/O Mohan Lal)").
 */
export type Field =
  | 'serial'
  | 'part'
  | 'epic'
  | 'name'
  | 'surname'
  | 'relation'
  | 'relativeName'
  | 'relativeSurname'
  | 'houseNumber'
  | 'genderAge'
  | 'nameRelation'
  | 'age'
  | 'gender'
  | 'section'
  | 'pollingStation';

/** Malayalam's atomic chillu letters and the older spelling of each (consonant, virama, joiner), read as one. */
const CHILLU: Record<string, string> = { '\u0D7A': '\u0D23\u0D4D', '\u0D7B': '\u0D28\u0D4D', '\u0D7C': '\u0D30\u0D4D', '\u0D7D': '\u0D32\u0D4D', '\u0D7E': '\u0D33\u0D4D' };

/** Lower case, NFC, letters/marks/digits only ("Sl. No." -> "slno", "पिता/पति का नाम" -> "पितापतिकानाम"). */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u0D7A-\u0D7E]/g, (c) => CHILLU[c])
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

/**
 * Headings as written (spaces and punctuation left out; they are normalised with normalizeHeader when the
 * module loads). One line per script after English and the electoral database's column names.
 */
const WRITTEN: Record<Field, string[]> = {
  nameRelation: [
    'namerelation', 'namerelationship', 'nameandrelation', 'namewithrelation', 'nameofelectorrelation', 'electornamerelation', 'voternamerelation',
    'नामसंबंध', 'नामवसंबंध', 'नामएवंसंबंध', 'नामसम्बन्ध', 'नावनाते',
  ],
  genderAge: [
    'genderage', 'agegender', 'sexage', 'agesex', 'gendersage', 'agesexgender',
    'लिंगआयु', 'आयुलिंग', 'लिंगउम्र', 'उम्रलिंग', 'लिंगवय', 'वयलिंग',
    'લિંગઉંમર', 'ઉંમરલિંગ', 'লিঙ্গবয়স', 'বয়সলিঙ্গ', 'ਲਿੰਗਉਮਰ', 'ਉਮਰਲਿੰਗ', 'ଲିଙ୍ଗବୟସ', 'ବୟସଲିଙ୍ଗ',
    'பாலினம்வயது', 'வயதுபாலினம்', 'లింగంవయస్సు', 'వయస్సులింగం', 'ಲಿಂಗವಯಸ್ಸು', 'ವಯಸ್ಸುಲಿಂಗ', 'ലിംഗംവയസ്സ്', 'വയസ്സ്ലിംഗം',
  ],
  relativeSurname: ['rlnlnm', 'rlnlnmv1', 'rlnlnmv2', 'rlnlnmen', 'rlnlastname', 'relativesurname', 'relativelastname'],
  relativeName: [
    'relativename', 'relativesname', 'fathername', 'fathersname', 'husbandname', 'husbandsname', 'fatherhusbandname',
    'fathershusbandsname', 'fatherorhusbandname', 'guardianname', 'guardiansname', 'rlnname', 'relationname',
    'rlnfmnm', 'rlnfmnmv1', 'rlnfmnmv2', 'rlnfmnmen', 'rlnfmname', 'relativefirstname', 'fatherhusbandmothername',
    'nameofrelative', 'nameoffather', 'nameofhusband', 'nameoffatherhusband', 'nameofguardian',
    'पिताकानाम', 'पतिकानाम', 'पितापतिकानाम', 'पितापतिमाताकानाम', 'संबंधीकानाम', 'सम्बन्धीकानाम', 'रिश्तेदारकानाम', 'अभिभावककानाम',
    'वडिलांचेनाव', 'पतीचेनाव', 'वडिलांचेपतीचेनाव', 'नातेवाईकाचेनाव',
    'પિતાનુંનામ', 'પતિનુંનામ', 'પિતાપતિનુંનામ', 'સંબંધીનુંનામ',
    'পিতারনাম', 'স্বামীরনাম', 'পিতাস্বামীরনাম', 'আত্মীয়েরনাম', 'পিতৃৰনাম', 'স্বামীৰনাম', 'পিতৃস্বামীৰনাম',
    'ਪਿਤਾਦਾਨਾਮ', 'ਪਤੀਦਾਨਾਮ', 'ਪਿਤਾਪਤੀਦਾਨਾਮ', 'ਰਿਸ਼ਤੇਦਾਰਦਾਨਾਮ',
    'ପିତାଙ୍କନାମ', 'ସ୍ୱାମୀଙ୍କନାମ', 'ପିତାସ୍ୱାମୀଙ୍କନାମ', 'ସମ୍ପର୍କୀୟଙ୍କନାମ',
    'தந்தைபெயர்', 'கணவர்பெயர்', 'தந்தைகணவர்பெயர்', 'உறவினர்பெயர்',
    'తండ్రిపేరు', 'భర్తపేరు', 'తండ్రిభర్తపేరు', 'బంధువుపేరు',
    'ತಂದೆಯಹೆಸರು', 'ಗಂಡನಹೆಸರು', 'ತಂದೆಗಂಡನಹೆಸರು', 'ಸಂಬಂಧಿಕರಹೆಸರು',
    'അച്ഛന്റെപേര്', 'പിതാവിന്റെപേര്', 'ഭർത്താവിന്റെപേര്', 'ബന്ധുവിന്റെപേര്',
  ],
  pollingStation: [
    'pollingstation', 'pollingstationname', 'pollingstationno', 'pollingstationnumber', 'psname', 'psno', 'booth', 'boothname', 'boothno',
    'मतदानकेंद्र', 'मतदानकेन्द्र', 'मतदानकेंद्रकानाम', 'मतदानकेन्द्रकानाम', 'बूथ', 'बूथकानाम', 'बूथसंख्या', 'मतदानकेंद्राचेनाव',
    'મતદાનમથક', 'મતદાનમથકનુંનામ', 'ভোটকেন্দ্র', 'ভোটগ্ৰহণকেন্দ্ৰ', 'ভোটকেন্দ্ৰ', 'ਪੋਲਿੰਗਸਟੇਸ਼ਨ', 'ਮਤਦਾਨਕੇਂਦਰ', 'ମତଦାନକେନ୍ଦ୍ର',
    'வாக்குச்சாவடி', 'పోలింగ్కేంద్రం', 'ಮತಗಟ್ಟೆ', 'ಮತದಾನಕೇಂದ್ರ', 'പോളിംഗ്സ്റ്റേഷൻ', 'പോളിങ്സ്റ്റേഷൻ',
  ],
  part: [
    'part', 'partno', 'partnumber', 'partnum',
    'भाग', 'भागसंख्या', 'भागसं', 'भागक्रमांक', 'भागनं', 'યાદીભાગ', 'ભાગ', 'ભાગનંબર', 'অংশ', 'অংশনং', 'ভাগ', 'ভাগনং',
    'ਭਾਗ', 'ਭਾਗਨੰਬਰ', 'ଭାଗ', 'ଭାଗସଂଖ୍ୟା', 'பாகம்', 'பாகஎண்', 'భాగం', 'భాగంసంఖ్య', 'ಭಾಗ', 'ಭಾಗಸಂಖ್ಯೆ', 'ഭാഗം', 'ഭാഗംനമ്പർ',
  ],
  section: [
    'section', 'sectionno', 'sectionname', 'sectionnoandname', 'sectionnumber',
    'अनुभाग', 'अनुभागसंख्या', 'अनुभागकानाम', 'अनुभागसंख्याएवंनाम', 'खंड', 'विभाग', 'વિભાગ', 'বিভাগ', 'শাখা',
    'ਸੈਕਸ਼ਨ', 'ଅନୁଭାଗ', 'பிரிவு', 'విభాగం', 'ವಿಭಾಗ', 'വിഭാഗം',
  ],
  houseNumber: [
    'house', 'houseno', 'housenumber', 'hno', 'hnumber', 'chouseno', 'chousenov1', 'chousenov2',
    'मकाननं', 'मकानसंख्या', 'मकाननंबर', 'मकान', 'गृहसंख्या', 'घरनं', 'घरसंख्या', 'घरक्रमांक', 'घरक्र',
    'ઘરનંબર', 'ઘરનં', 'বাড়িনং', 'বাড়িরনম্বর', 'ঘৰনং', 'ঘৰনম্বৰ', 'ਮਕਾਨਨੰਬਰ', 'ਘਰਨੰਬਰ', 'ଘରନମ୍ବର', 'ଘରନଂ',
    'வீட்டுஎண்', 'ఇంటినంబరు', 'ఇంటినెం', 'ಮನೆಸಂಖ್ಯೆ', 'ಮನೆನಂ', 'വീട്ടുനമ്പർ', 'വീട്ടുനമ്പര്',
  ],
  epic: [
    'epic', 'epicno', 'epicnumber', 'voterid', 'voteridno', 'voteridnumber', 'idcardno', 'idcard', 'idcode', 'cardno', 'epicid', 'electorsphotoidentitycard',
    'secid', 'newsecid', 'secno', 'voteridcard', 'voteridcardno', 'electorid', 'electoridno',
    'ईपीआईसी', 'ईपिक', 'एपिक', 'एपिकनंबर', 'एपिकसंख्या', 'पहचानपत्रसंख्या', 'मतदातापहचानपत्र', 'मतदातापहचानपत्रसंख्या', 'वोटरआईडी', 'पहचानपत्र',
    'ओळखपत्रक्रमांक', 'મતદારઓળખપત્ર', 'ઓળખપત્રનંબર', 'এপিক', 'পরিচয়পত্রনম্বর', 'পৰিচয়পত্ৰনম্বৰ',
    'ਸ਼ਨਾਖਤੀਕਾਰਡਨੰਬਰ', 'ਵੋਟਰਆਈਡੀ', 'ପରିଚୟପତ୍ରନମ୍ବର', 'அடையாளஅட்டைஎண்', 'గుర్తింపుకార్డుసంఖ్య', 'ಗುರುತಿನಚೀಟಿಸಂಖ್ಯೆ', 'തിരിച്ചറിയൽകാർഡ്നമ്പർ',
  ],
  serial: [
    'serial', 'serialno', 'serialnumber', 'sno', 'slno', 'srno', 'sn', 'sl', 'sr', 'serialnoinpart', 'slnoinpart', 'srnoinpart', 'voterserialno',
    'क्रमसंख्या', 'क्रमांक', 'क्रसं', 'क्रम', 'क्रमसं', 'मतदाताक्रमांक', 'मतदाताक्रमसंख्या', 'सं', 'संख्या', 'अनुक्रमांक', 'अक्र',
    'ક્રમ', 'ક્રમાંક', 'ક્રમનંબર', 'অনুক্রমিক', 'ক্রমিকনং', 'ক্রমিক', 'ক্রমিকসংখ্যা', 'ক্ৰমিকনং', 'ক্ৰমিক',
    'ਲੜੀਨੰਬਰ', 'ਕ੍ਰਮਸੰਖਿਆ', 'ਕ੍ਰਮਨੰਬਰ', 'କ୍ରମିକସଂଖ୍ୟା', 'କ୍ରମିକନଂ', 'வரிசைஎண்', 'క్రమసంఖ్య', 'ಕ್ರಮಸಂಖ್ಯೆ', 'ക്രമനമ്പർ',
  ],
  relation: [
    'relation', 'relationtype', 'rlntype', 'rln', 'relationship',
    'संबंध', 'सम्बन्ध', 'रिश्ता', 'संबंधप्रकार', 'नाते', 'સંબંધ', 'সম্পর্ক', 'সম্পৰ্ক',
    'ਰਿਸ਼ਤਾ', 'ਸੰਬੰਧ', 'ସମ୍ପର୍କ', 'உறவு', 'సంబంధం', 'ಸಂಬಂಧ', 'ബന്ധം',
  ],
  surname: ['lastname', 'lastnamev1', 'lastnamev2', 'lastnameen', 'surname'],
  name: [
    'name', 'votername', 'votersname', 'electorname', 'electorsname', 'nameofelector', 'nameofvoter', 'fullname',
    'fmname', 'fmnamev1', 'fmnamev2', 'fmnameen', 'firstname',
    'नाम', 'मतदाताकानाम', 'निर्वाचककानाम', 'मतदातानाम', 'नाव', 'मतदाराचेनाव', 'મતદારનુંનામ', 'નામ',
    'নাম', 'ভোটারেরনাম', 'ভোটাৰৰনাম', 'ਨਾਮ', 'ਵੋਟਰਦਾਨਾਮ', 'ਚੋਣਕਾਰਦਾਨਾਮ', 'ନାମ', 'ଭୋଟରଙ୍କନାମ', 'ନିର୍ବାଚକଙ୍କନାମ',
    'பெயர்', 'வாக்காளர்பெயர்', 'పేరు', 'ఓటరుపేరు', 'ಹೆಸರು', 'ಮತದಾರರಹೆಸರು', 'പേര്', 'വോട്ടറുടെപേര്', 'സമ്മതിദായകന്റെപേര്',
  ],
  age: ['age', 'ageyears', 'आयु', 'उम्र', 'उमर', 'आयुवर्ष', 'वय', 'ઉંમર', 'ઉમર', 'বয়স', 'ਉਮਰ', 'ବୟସ', 'வயது', 'వయస్సు', 'వయసు', 'ವಯಸ್ಸು', 'വയസ്സ്', 'വയസ്'],
  gender: ['gender', 'sex', 'लिंग', 'જાતિ', 'લિંગ', 'লিঙ্গ', 'লিংগ', 'ਲਿੰਗ', 'ଲିଙ୍ଗ', 'பாலினம்', 'లింగం', 'ಲಿಂಗ', 'ലിംഗം'],
};

const SYNONYMS = Object.fromEntries(Object.entries(WRITTEN).map(([f, words]) => [f, words.map(normalizeHeader)])) as Record<Field, string[]>;

/** Fields in the order their synonyms are tried (specific before general). */
const ORDER = Object.keys(SYNONYMS) as Field[];

const words = (list: string[]) => list.map(normalizeHeader);
const NAME_WORDS = words(['name', 'नाम', 'नाव', 'નામ', 'নাম', 'ਨਾਮ', 'ନାମ', 'பெயர்', 'పేరు', 'ಹೆಸರು', 'പേര്']);
const RELATION_WORDS = words(['relation', 'संबंध', 'सम्बन्ध', 'रिश्ता', 'नाते', 'સંબંધ', 'সম্পর্ক', 'সম্পৰ্ক', 'ਰਿਸ਼ਤਾ', 'ਸੰਬੰਧ', 'ସମ୍ପର୍କ', 'உறவு', 'సంబంధం', 'ಸಂಬಂಧ', 'ബന്ധം']);
const RELATIVE_WORDS = words([
  'father', 'husband', 'mother', 'relative', 'guardian', 'rln', 'पिता', 'पति', 'माता', 'संबंधी', 'सम्बन्धी', 'रिश्तेदार', 'अभिभावक', 'वडिल', 'पती',
  'नातेवाईक', 'પિતા', 'પતિ', 'সংবন্ধী', 'পিতা', 'স্বামী', 'পিতৃ', 'ਪਿਤਾ', 'ਪਤੀ', 'ପିତା', 'ସ୍ୱାମୀ', 'தந்தை', 'கணவர்', 'తండ్రి', 'భర్త', 'ತಂದೆ', 'ಗಂಡ', 'അച്ഛ', 'ഭർത്താവ',
]);

/**
 * A heading that names the voter and then the relation ("Name (Relation)", "Name of Elector / Relation",
 * "नाम (संबंध)"): its cells hold a name with the relation and the relative. A heading naming a relative first
 * ("Father/Husband Name (Relation)") or the relation first ("Relation Name", the relative's name) is not one.
 */
function isNameWithRelation(n: string): boolean {
  const name = Math.min(...NAME_WORDS.map((w) => n.indexOf(w)).filter((i) => i >= 0));
  const relation = Math.max(...RELATION_WORDS.map((w) => n.lastIndexOf(w)));
  if (!Number.isFinite(name) || relation <= name) return false;
  return !RELATIVE_WORDS.some((w) => {
    const i = n.indexOf(w);
    return i >= 0 && i < relation;
  });
}

/** The field a heading names exactly (no longer heading that merely contains a synonym), or null. */
export function exactFieldOf(cell: string): Field | null {
  const n = normalizeHeader(cell);
  return ORDER.find((f) => SYNONYMS[f].includes(n)) ?? null;
}

export function fieldOf(cell: string): Field | null {
  const n = normalizeHeader(cell);
  if (!n || n.length > 60) return null;
  for (const f of ORDER) if (SYNONYMS[f].includes(n)) return f;
  if (isNameWithRelation(n)) return 'nameRelation';
  // longer headings that contain a synonym ("Name of the Elector (English)")
  // (a name-and-relation heading only by the rule above: "Father/Husband Name (Relation)" contains "name (relation)")
  for (const f of ORDER) if (f !== 'nameRelation' && SYNONYMS[f].some((s) => s.length >= 4 && n.includes(s))) return f;
  return null;
}

export interface HeaderMatch {
  /** 0-based index of the header row in the sheet's rows. */
  row: number;
  columns: Partial<Record<Field, number>>;
}

/** How far down a sheet its header row is looked for. */
export const HEADER_SEARCH_ROWS = 30;

/** The header row: the first of the top HEADER_SEARCH_ROWS rows naming at least two fields, one of them serial, EPIC or a name. */
export function findHeader(rows: string[][]): HeaderMatch | null {
  let best: HeaderMatch | null = null;
  let bestScore = 0;
  for (let r = 0; r < Math.min(rows.length, HEADER_SEARCH_ROWS); r++) {
    const columns: Partial<Record<Field, number>> = {};
    rows[r].forEach((cell, c) => {
      const f = fieldOf(cell);
      if (f && columns[f] === undefined) columns[f] = c;
    });
    const score = Object.keys(columns).length;
    const key = columns.serial !== undefined || columns.epic !== undefined || columns.name !== undefined || columns.nameRelation !== undefined;
    if (key && score >= 2 && score > bestScore) {
      best = { row: r, columns };
      bestScore = score;
    }
  }
  return best;
}
