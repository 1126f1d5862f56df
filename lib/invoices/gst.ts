/**
 * Indian GST facts an invoice needs, as plain functions: the state codes, the GSTIN's format and check
 * character, the split of a tax-inclusive price into taxable value and tax, the financial year and the
 * document numbers, and amounts in words (lakh, crore). Nothing here reads the configuration.
 */

/** GST state and union-territory codes (the first two digits of a GSTIN) with their names. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

export type StateCode = string;

export function isStateCode(code: string): boolean {
  return Object.hasOwn(GST_STATES, code);
}

/** Other spellings people use for a state's name (SITE_STATE is free text). */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  'new delhi': '07',
  'nct of delhi': '07',
  bengaluru: '29',
  'jammu & kashmir': '01',
  'andaman & nicobar islands': '35',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
};

/** The state code for a state's name (case and spacing ignored), or null when the name is not a state. */
export function stateCodeOf(name: string): StateCode | null {
  const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const [code, state] of Object.entries(GST_STATES)) if (state.toLowerCase() === wanted) return code;
  return STATE_ALIASES[wanted] ?? null;
}

/** "Karnataka (29)". */
export function stateLabel(code: StateCode): string {
  return `${GST_STATES[code] ?? 'Unknown state'} (${code})`;
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, Z (or another letter), check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/** The GSTIN's 15th character computed from its first 14 (base-36 Luhn mod N). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = BASE36.indexOf(first14[i]);
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

export type GstinProblem = 'format' | 'state' | 'checksum';

/** Why a GSTIN is not valid, or null when it is (upper-case it first: GSTINs are written in capitals). */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'format';
  if (!isStateCode(gstin.slice(0, 2))) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'checksum';
  return null;
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: 'A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character (e.g. 29ABCDE1234F1ZW).',
  state: 'The GSTIN does not start with an Indian state code.',
  checksum: 'The GSTIN’s last character does not match the others: check it for a typing mistake.',
};

/** GST rate in basis points (18% = 1800): rates such as 0.25% and 2.5% stay whole numbers. */
export type RateBp = number;

export interface TaxSplit {
  /** What was paid, tax included. */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The rate charged (0 on a bill of supply). */
  rateBp: RateBp;
  /** 'intra': CGST + SGST (the customer's state is the operator's); 'inter': IGST; 'none': a bill of supply. */
  kind: 'intra' | 'inter' | 'none';
}

/**
 * Splits a tax-inclusive price: taxable value = total ÷ (1 + rate), rounded to the paisa; the tax is
 * what is left, so the parts always add up to the total. Within a state the tax is halved into CGST and
 * SGST (an odd paisa goes to CGST); across states it is all IGST. Without GST registration (`rateBp`
 * null) there is no tax: a bill of supply for the whole amount.
 */
export function splitInclusive(totalPaise: number, rateBp: RateBp | null, sameState: boolean): TaxSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`total must be whole paise, got ${totalPaise}`);
  if (rateBp === null) return { totalPaise, taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, rateBp: 0, kind: 'none' };
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError(`rate must be 0–100% in basis points, got ${rateBp}`);
  // integer half-up rounding of total * 10000 / (10000 + rate)
  const denominator = 10_000 + rateBp;
  const taxablePaise = Math.floor((totalPaise * 10_000 * 2 + denominator) / (denominator * 2));
  const tax = totalPaise - taxablePaise;
  if (!sameState) return { totalPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax, rateBp, kind: 'inter' };
  const cgstPaise = Math.ceil(tax / 2);
  return { totalPaise, taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0, rateBp, kind: 'intra' };
}

/** "18%", "2.5%". */
export function formatRate(rateBp: RateBp): string {
  return `${(rateBp / 100).toString()}%`;
}

/** "1,23,456.70": paise as rupees in Indian grouping, two decimals. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100).toString();
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${rest ? `${rest},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
}

const IST_OFFSET_MS = 5.5 * 3600 * 1000;

/** The calendar date in India (IST) of an instant: { year, month 1–12, day }. */
export function indianDate(at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** "26 Nov 2026" (the date in India). */
export function formatIndianDate(at: Date): string {
  const { year, month, day } = indianDate(at);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${String(day).padStart(2, '0')} ${months[month - 1]} ${year}`;
}

/** The financial year (April to March, dated in India) of an instant: "2026-27". */
export function financialYear(at: Date): string {
  const { year, month } = indianDate(at);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Digits of the running number: `2026-27/000123`. */
export const SERIAL_DIGITS = 6;
/** A GST invoice number may be at most 16 characters of letters, digits, `-` and `/`. */
export const MAX_NUMBER_LENGTH = 16;
/** The longest prefix that keeps a number within 16 characters ("2026-27/" + 6 digits = 14). */
export const MAX_PREFIX_LENGTH = MAX_NUMBER_LENGTH - (7 + 1 + SERIAL_DIGITS);

/** `${prefix}2026-27/000123`. */
export function documentNumber(prefix: string, year: string, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1 || serial >= 10 ** SERIAL_DIGITS) throw new RangeError(`serial out of range: ${serial}`);
  return `${prefix}${year}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ("" for 0). */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

/** 0–999 in words ("" for 0). */
function threeDigits(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = twoDigits(n % 100);
  if (!hundreds) return rest;
  return `${ONES[hundreds]} Hundred${rest ? ` ${rest}` : ''}`;
}

/** A whole number in words with Indian grouping: 12,34,567 → "Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${twoDigits(lakh)} Lakh`);
  if (thousand) parts.push(`${twoDigits(thousand)} Thousand`);
  if (rest) parts.push(threeDigits(rest));
  return parts.join(' ');
}

/** "Rupees One Hundred Ninety-Two and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not whole paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  const r = `Rupees ${numberInWords(rupees)}`;
  return p ? `${r} and ${twoDigits(p)} Paise Only` : `${r} Only`;
}
