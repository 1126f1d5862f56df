import { describe, expect, it } from 'vitest';
import { foundLine } from './draft-view';

describe('what the draft screen says was found', () => {
  it('a roll PDF: voters on the pages that carry them, and the warnings', () => {
    expect(foundLine({ id: 1, created_at: '', status: 'draft_complete', voters: 993, summary: { voters: 993, source: 'pdf', source_pages: 38, voter_pages: 36, warnings: 2 } })).toEqual({
      text: '993 voters on 36 pages',
      warnings: 2,
    });
  });
  it('an Excel list: the voters only; nothing when the server gave no count', () => {
    expect(foundLine({ id: 1, created_at: '', status: 'draft_complete', summary: { voters: 1, source: 'excel', source_pages: 1, warnings: 0 } })).toEqual({ text: '1 voter', warnings: 0 });
    expect(foundLine({ id: 1, created_at: '', status: 'draft_complete' })).toBeNull();
  });
});
