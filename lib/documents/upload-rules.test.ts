import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANNER_EXTENSIONS, VOTER_LIST_EXTENSIONS, isBannerName, isVoterListName } from './upload-rules';

describe('upload rules', () => {
  it('takes PDF and Excel voter lists and JPEG or PNG banners, in any case', () => {
    expect(['a.pdf', 'b.xls', 'c.XLSX', 'roll 12.Pdf'].every(isVoterListName)).toBe(true);
    expect(['a.csv', 'b.docx', 'pdf', 'a.pdf.zip'].some(isVoterListName)).toBe(false);
    expect(['a.jpeg', 'b.JPG', 'c.png'].every(isBannerName)).toBe(true);
    expect(['a.gif', 'b.webp', 'c.pdf'].some(isBannerName)).toBe(false);
  });

  it('reads an extension as path.extname does, so the form and the server agree on every name', () => {
    const names = ['.pdf', '..pdf', 'a.', '.', '..', '...', 'a..pdf', '.a.png', 'x.pdf ', 'a b.xlsx', 'ü.JPEG', 'noext', 'a.tar.xls'];
    for (const name of names) {
      const ext = path.extname(name).toLowerCase();
      expect(isVoterListName(name), name).toBe((VOTER_LIST_EXTENSIONS as readonly string[]).includes(ext));
      expect(isBannerName(name), name).toBe((BANNER_EXTENSIONS as readonly string[]).includes(ext));
    }
  });
});
