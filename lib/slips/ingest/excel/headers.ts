/**
 * Finding the header row of a voter-list spreadsheet by synonyms: English, the ECI electoral database's own
 * column names (SLNOINPART, FM_NAME_V2, RLN_FM_NM_V2, IDCARD_NO, …), Hindi and Marathi, Gujarati, Bengali and
 * Tamil. `surname` and `relativeSurname` are the database's last-name columns, joined to the name; `genderAge`
 * is a combined cell ("M / 59").
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
  | 'age'
  | 'gender'
  | 'section'
  | 'pollingStation';

/** Lower case, NFC, letters/marks/digits only ("Sl. No." -> "slno", "पिता/पति का नाम" -> "पितापतिकानाम"). */
export function normalizeHeader(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

const SYNONYMS: Record<Field, string[]> = {
  genderAge: ['genderage', 'agegender', 'sexage', 'agesex', 'लिंगआयु', 'आयुलिंग', 'लिंगउम्र', 'उम्रलिंग', 'લિંગઉંમર', 'ઉંમરલિંગ'],
  relativeSurname: ['rlnlnm', 'rlnlnmv1', 'rlnlnmv2', 'rlnlnmen', 'rlnlastname', 'relativesurname', 'relativelastname'],
  relativeName: [
    'relativename', 'relativesname', 'fathername', 'fathersname', 'husbandname', 'husbandsname', 'fatherhusbandname',
    'fathershusbandsname', 'fatherorhusbandname', 'guardianname', 'guardiansname', 'rlnname', 'relationname',
    'rlnfmnm', 'rlnfmnmv1', 'rlnfmnmv2', 'rlnfmnmen', 'rlnfmname', 'relativefirstname',
    'पिताकानाम', 'पतिकानाम', 'पितापतिकानाम', 'पितापतिमाताकानाम', 'संबंधीकानाम', 'सम्बन्धीकानाम', 'रिश्तेदारकानाम', 'अभिभावककानाम',
    'वडिलांचेनाव', 'पतीचेनाव', 'वडिलांचेपतीचेनाव', 'नातेवाईकाचेनाव',
    'પિતાનુંનામ', 'પતિનુંનામ', 'પિતાપતિનુંનામ', 'સંબંધીનુંનામ',
    'পিতারনাম', 'স্বামীরনাম', 'পিতাস্বামীরনাম', 'தந்தைபெயர்', 'கணவர்பெயர்',
  ],
  pollingStation: [
    'pollingstation', 'pollingstationname', 'pollingstationno', 'pollingstationnumber', 'psname', 'psno', 'booth', 'boothname',
    'boothno', 'मतदानकेंद्र', 'मतदानकेन्द्र', 'मतदानकेंद्रकानाम', 'मतदानकेन्द्रकानाम', 'बूथ', 'बूथकानाम', 'बूथसंख्या',
    'मतदानकेंद्राचेनाव', 'મતદાનમથક', 'મતદાનમથકનુંનામ', 'ভোটকেন্দ্র', 'வாக்குச்சாவடி',
  ],
  part: ['part', 'partno', 'partnumber', 'partnum', 'भाग', 'भागसंख्या', 'भागसं', 'भागक्रमांक', 'भागनं', 'યાદીભાગ', 'ભાગ', 'ભાગનંબર', 'অংশ', 'பாகம்'],
  section: [
    'section', 'sectionno', 'sectionname', 'sectionnoandname', 'sectionnumber', 'अनुभाग', 'अनुभागसंख्या', 'अनुभागकानाम', 'अनुभागसंख्याएवंनाम', 'खंड',
    'विभाग', 'વિભાગ', 'বিভাগ', 'பிரிவு',
  ],
  houseNumber: [
    'house', 'houseno', 'housenumber', 'hno', 'hnumber', 'chouseno', 'chousenov1', 'chousenov2',
    'मकाननं', 'मकानसंख्या', 'मकाननंबर', 'मकान', 'गृहसंख्या', 'घरनं', 'घरसंख्या', 'घरक्रमांक', 'घरक्र',
    'ઘરનંબર', 'ઘરનં', 'বাড়িনং', 'বাড়িরনম্বর', 'வீட்டுஎண்',
  ],
  epic: [
    'epic', 'epicno', 'epicnumber', 'voterid', 'voteridno', 'voteridnumber', 'idcardno', 'idcard', 'idcode', 'cardno', 'epicid', 'electorsphotoidentitycard',
    'secid', 'newsecid', 'secno', 'voteridcard', 'voteridcardno', 'electorid', 'electoridno',
    'ईपीआईसी', 'ईपिक', 'एपिक', 'एपिकनंबर', 'एपिकसंख्या', 'पहचानपत्रसंख्या', 'मतदातापहचानपत्र', 'मतदातापहचानपत्रसंख्या', 'वोटरआईडी', 'पहचानपत्र',
    'ओळखपत्रक्रमांक', 'મતદારઓળખપત્ર', 'ઓળખપત્રનંબર', 'এপিক', 'পরিচয়পত্রনম্বর', 'அடையாளஅட்டைஎண்',
  ],
  serial: [
    'serial', 'serialno', 'serialnumber', 'sno', 'slno', 'srno', 'sn', 'sl', 'sr', 'serialnoinpart', 'slnoinpart', 'srnoinpart',
    'voterserialno', 'क्रमसंख्या', 'क्रमांक', 'क्रसं', 'क्रम', 'क्रमसं', 'मतदाताक्रमांक', 'मतदाताक्रमसंख्या', 'सं', 'संख्या',
    'अनुक्रमांक', 'अक्र', 'ક્રમ', 'ક્રમાંક', 'ક્રમનંબર', 'অনুক্রমিক', 'ক্রমিকনং', 'ক্রমিক', 'வரிசைஎண்',
  ],
  relation: ['relation', 'relationtype', 'rlntype', 'rln', 'relationship', 'संबंध', 'सम्बन्ध', 'रिश्ता', 'संबंधप्रकार', 'नाते', 'સંબંધ', 'সম্পর্ক', 'உறவு'],
  surname: ['lastname', 'lastnamev1', 'lastnamev2', 'lastnameen', 'surname'],
  name: [
    'name', 'votername', 'votersname', 'electorname', 'electorsname', 'nameofelector', 'nameofvoter', 'fullname',
    'fmname', 'fmnamev1', 'fmnamev2', 'fmnameen', 'firstname',
    'नाम', 'मतदाताकानाम', 'निर्वाचककानाम', 'मतदातानाम', 'नाव', 'मतदाराचेनाव', 'મતદારનુંનામ', 'નામ', 'নাম', 'ভোটারেরনাম', 'பெயர்', 'வாக்காளர்பெயர்',
  ],
  age: ['age', 'ageyears', 'आयु', 'उम्र', 'उमर', 'आयुवर्ष', 'वय', 'ઉંમર', 'ઉમર', 'বয়স', 'வயது'],
  gender: ['gender', 'sex', 'लिंग', 'જાતિ', 'લિંગ', 'লিঙ্গ', 'பாலினம்'],
};

/** Fields in the order their synonyms are tried (specific before general). */
const ORDER = Object.keys(SYNONYMS) as Field[];

export function fieldOf(cell: string): Field | null {
  const n = normalizeHeader(cell);
  if (!n || n.length > 60) return null;
  for (const f of ORDER) if (SYNONYMS[f].includes(n)) return f;
  // longer headings that contain a synonym ("Name of the Elector (English)")
  for (const f of ORDER) if (SYNONYMS[f].some((s) => s.length >= 4 && n.includes(s))) return f;
  return null;
}

export interface HeaderMatch {
  /** 0-based index of the header row in the sheet's rows. */
  row: number;
  columns: Partial<Record<Field, number>>;
}

/** How far down a sheet its header row is looked for. */
export const HEADER_SEARCH_ROWS = 30;

/** The header row: the first of the top HEADER_SEARCH_ROWS rows naming at least two fields, one of them serial, EPIC or name. */
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
    const key = columns.serial !== undefined || columns.epic !== undefined || columns.name !== undefined;
    if (key && score >= 2 && score > bestScore) {
      best = { row: r, columns };
      bestScore = score;
    }
  }
  return best;
}
