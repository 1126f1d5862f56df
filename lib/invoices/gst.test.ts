import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  documentNumber,
  financialYear,
  formatPaise,
  gstinCheckCharacter,
  gstinProblem,
  numberInWords,
  splitInclusive,
  stateCodeOf,
} from './gst';

describe('GSTIN', () => {
  it('accepts GSTINs whose check character matches', () => {
    // published sample GSTINs
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a typing mistake in any position (the check character catches it)', () => {
    const good = '27AAPFU0939F1ZV';
    for (let i = 2; i < 14; i += 1) {
      const swapped = good[i] === 'A' ? 'B' : good[i] === '0' ? '1' : /[0-9]/.test(good[i]) ? '0' : 'A';
      const bad = good.slice(0, i) + swapped + good.slice(i + 1);
      expect(gstinProblem(bad), bad).not.toBeNull();
    }
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
  });

  it('names a wrong shape or an unknown state code', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(gstinProblem('2AAAPFU0939F1ZV')).toBe('format');
    const unknownState = '00AAPFU0939F1Z';
    expect(gstinProblem(unknownState + gstinCheckCharacter(unknownState))).toBe('state');
  });

  it('knows states by name, in any case, and a few other spellings', () => {
    expect(stateCodeOf('Karnataka')).toBe('29');
    expect(stateCodeOf('  tamil   nadu ')).toBe('33');
    expect(stateCodeOf('Orissa')).toBe('21');
    expect(stateCodeOf('Atlantis')).toBeNull();
  });
});

describe('tax split of a tax-inclusive price', () => {
  it('₹192.00 at 18% within the state: 162.71 taxable, CGST 14.65 + SGST 14.64', () => {
    const s = splitInclusive(19_200, 1800, true);
    expect(s).toEqual({ totalPaise: 19_200, taxablePaise: 16_271, cgstPaise: 1465, sgstPaise: 1464, igstPaise: 0, rateBp: 1800, kind: 'intra' });
  });

  it('across states the whole tax is IGST', () => {
    const s = splitInclusive(19_200, 1800, false);
    expect(s).toMatchObject({ taxablePaise: 16_271, cgstPaise: 0, sgstPaise: 0, igstPaise: 2929, kind: 'inter' });
  });

  it('rounds the taxable value to the nearest paisa and the parts always sum to the total', () => {
    // 100 paise / 1.18 = 84.745… → 85; 118 / 1.18 = 100 exactly; 1 paisa → 1 (0.847 rounds up)
    expect(splitInclusive(100, 1800, true).taxablePaise).toBe(85);
    expect(splitInclusive(118, 1800, true)).toMatchObject({ taxablePaise: 100, cgstPaise: 9, sgstPaise: 9 });
    expect(splitInclusive(1, 1800, true).taxablePaise).toBe(1);
    for (const rate of [0, 25, 250, 500, 1200, 1800, 2800]) {
      for (let total = 0; total < 5000; total += 7) {
        for (const same of [true, false]) {
          const s = splitInclusive(total, rate, same);
          expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
          expect(Math.abs(s.cgstPaise - s.sgstPaise)).toBeLessThanOrEqual(1);
          // the taxable value is the nearest paisa to total / (1 + rate)
          expect(Math.abs(s.taxablePaise - (total * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });

  it('without registration: a bill of supply, no tax', () => {
    expect(splitInclusive(19_200, null, true)).toEqual({ totalPaise: 19_200, taxablePaise: 19_200, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, rateBp: 0, kind: 'none' });
  });

  it('refuses fractions of a paisa', () => {
    expect(() => splitInclusive(1.5, 1800, true)).toThrow(RangeError);
  });
});

describe('amounts in words (Indian numbering)', () => {
  it('says lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(7)).toBe('Seven');
    expect(numberInWords(45)).toBe('Forty-Five');
    expect(numberInWords(100)).toBe('One Hundred');
    expect(numberInWords(192)).toBe('One Hundred Ninety-Two');
    expect(numberInWords(1000)).toBe('One Thousand');
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(1_234_567)).toBe('Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven');
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(1_050_000_011)).toBe('One Hundred Five Crore Eleven');
    expect(numberInWords(999_999_999)).toBe('Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine');
  });

  it('rupees and paise', () => {
    expect(amountInWords(19_200)).toBe('Rupees One Hundred Ninety-Two Only');
    expect(amountInWords(19_250)).toBe('Rupees One Hundred Ninety-Two and Fifty Paise Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(12_345_678_90)).toBe('Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only');
  });

  it('groups figures the Indian way', () => {
    expect(formatPaise(19_200)).toBe('192.00');
    expect(formatPaise(12_345_678_90)).toBe('1,23,45,678.90');
    expect(formatPaise(100_000_00)).toBe('1,00,000.00');
    expect(formatPaise(5)).toBe('0.05');
  });
});

describe('financial year and numbers', () => {
  it('runs April to March, dated in India', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 20:00 UTC is already 1 April in India
    expect(financialYear(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });

  it('numbers: prefix, year, six digits; at most 16 characters with a two-letter prefix', () => {
    expect(documentNumber('', '2026-27', 123)).toBe('2026-27/000123');
    expect(documentNumber('CN', '2026-27', 1)).toBe('CN2026-27/000001');
    expect(documentNumber('CN', '2026-27', 999_999)).toHaveLength(16);
    expect(() => documentNumber('', '2026-27', 0)).toThrow(RangeError);
  });
});
