import { describe, expect, it } from 'vitest';
import { foundLine, idsPendingNote, viewerKey } from './draft-view';

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

describe('a scanned roll whose ID numbers are read after its draft', () => {
  it('says for how many voters, and that the final slips carry them', () => {
    expect(idsPendingNote(1)).toMatch(/^Reading the ID numbers of one voter from the scanned roll\./);
    expect(idsPendingNote(1250)).toMatch(/^Reading the ID numbers of 1,250 voters .* the final slips always carry them\. Check now to see whether they are in\.$/);
    // the step after the draft gave up: nothing to wait for, no Check now; the final slips read them
    const atFinal = idsPendingNote(90, { atFinal: true });
    expect(atFinal).toMatch(/^The ID numbers of 90 voters could not be read .* The final slips read them before they are made/);
    expect(atFinal).not.toMatch(/Check now|few minutes/);
  });
  it("keeps the preview open across polls: its address's new token is not a new preview, another list's is", () => {
    expect(viewerKey('/api/documents/7/view?token=abc.def')).toBe('/api/documents/7/view');
    expect(viewerKey('/api/documents/7/view?token=abc.def&part=2')).toBe('/api/documents/7/view?part=2');
    expect(viewerKey('/api/documents/7/view?token=xyz')).toBe(viewerKey('/api/documents/7/view?token=abc'));
  });
});
