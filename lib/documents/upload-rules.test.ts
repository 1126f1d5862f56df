import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANNER_EXTENSIONS, VOTER_LIST_EXTENSIONS, VOTER_LIST_TYPE_ERROR, isBannerName, isVoterListContent, isVoterListName } from './upload-rules';

describe('upload rules', () => {
  it('takes PDF, Excel and CSV voter lists and JPEG or PNG banners, in any case', () => {
    expect(['a.pdf', 'b.xls', 'c.XLSX', 'roll 12.Pdf', 'part 3.csv', 'D.CSV'].every(isVoterListName)).toBe(true);
    expect(['a.txt', 'b.docx', 'pdf', 'csv', 'a.pdf.zip', 'a.csv.txt'].some(isVoterListName)).toBe(false);
    expect(['a.jpeg', 'b.JPG', 'c.png'].every(isBannerName)).toBe(true);
    expect(['a.gif', 'b.webp', 'c.pdf'].some(isBannerName)).toBe(false);
  });

  it('reads an extension as path.extname does, so the form and the server agree on every name', () => {
    const names = ['.pdf', '..pdf', 'a.', '.', '..', '...', 'a..pdf', '.a.png', 'x.pdf ', 'a b.xlsx', 'ü.JPEG', 'noext', 'a.tar.xls', '.csv', 'a..csv'];
    for (const name of names) {
      const ext = path.extname(name).toLowerCase();
      expect(isVoterListName(name), name).toBe((VOTER_LIST_EXTENSIONS as readonly string[]).includes(ext));
      expect(isBannerName(name), name).toBe((BANNER_EXTENSIONS as readonly string[]).includes(ext));
    }
  });

  it('takes text as a voter list only under a .csv name, and a PDF or workbook under any voter-list name', () => {
    expect(isVoterListContent('list.csv', 'text')).toBe(true);
    expect(isVoterListContent('LIST.CSV', 'text')).toBe(true);
    for (const name of ['list.pdf', 'list.xlsx', 'list.xls', 'list.txt', 'list']) expect(isVoterListContent(name, 'text'), name).toBe(false);
    for (const kind of ['pdf', 'xlsx', 'xls']) {
      for (const name of ['a.pdf', 'a.xlsx', 'a.xls', 'a.csv']) expect(isVoterListContent(name, kind), `${name} ${kind}`).toBe(true);
      expect(isVoterListContent('a.docx', kind)).toBe(false);
    }
    for (const kind of ['png', 'jpeg', 'zip', 'unknown']) expect(isVoterListContent('a.csv', kind), kind).toBe(false);
  });

  it('keeps the product’s fixed words for a refused voter list', () => {
    expect(VOTER_LIST_TYPE_ERROR).toBe('Invalid file type for Voter List. Please select a PDF or Excel file.');
  });
});
