/** Spreadsheets made at test time with the xlsx library (English and Hindi headers). */
import * as XLSX from 'xlsx';

export type Cell = string | number | null;

export function workbook(rows: Cell[][], bookType: 'xlsx' | 'xls', sheetName = 'Voters', extraSheets: { name: string; rows: Cell[][] }[] = []): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const s of extraSheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(s.rows), s.name);
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer);
}

export const ENGLISH_HEADER = ['Sl. No.', 'Part No.', 'EPIC No.', 'Name of Elector', "Father's/Husband's Name", 'Relation', 'House No.', 'Age', 'Gender', 'Section', 'Polling Station'];
export const HINDI_HEADER = ['क्रम संख्या', 'भाग संख्या', 'मतदाता पहचान पत्र', 'मतदाता का नाम', 'पिता/पति का नाम', 'संबंध', 'मकान नं.', 'आयु', 'लिंग', 'अनुभाग', 'मतदान केंद्र'];

/** Invented rows (no real people): Devanagari names for the Hindi sheet. */
export function voterRows(count: number, hindi: boolean): Cell[][] {
  const namesHi = ['राम कुमार', 'सीता देवी', 'मोहन लाल', 'गीता शर्मा', 'अर्जुन सिंह'];
  const namesEn = ['Ram Kumar', 'Sita Devi', 'Mohan Lal', 'Geeta Sharma', 'Arjun Singh'];
  return Array.from({ length: count }, (_, i) => [
    i + 1,
    12,
    `ABC${String(1000000 + i).padStart(7, '0')}`,
    (hindi ? namesHi : namesEn)[i % 5],
    (hindi ? namesHi : namesEn)[(i + 2) % 5],
    hindi ? 'पिता' : 'Father',
    String(100 + (i % 37)),
    18 + (i % 60),
    hindi ? (i % 2 ? 'महिला' : 'पुरुष') : i % 2 ? 'F' : 'M',
    hindi ? '1-गांधी नगर' : '1-Gandhi Nagar',
    hindi ? 'राजकीय विद्यालय कक्ष 1' : 'Govt School Room 1',
  ]);
}
