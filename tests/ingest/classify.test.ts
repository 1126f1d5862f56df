import { describe, expect, it } from 'vitest';
import { boxlessKind, classifyPages, supplementHeading } from '@/lib/slips/ingest/pdf/classify';
import type { PageBoxes, PageScan } from '@/lib/slips/ingest/pdf/page-model';

describe('supplement headings', () => {
  it('names the list and its kind in English, Hindi, Gujarati and Marathi', () => {
    expect(supplementHeading(['Component - 1 : Additions List 2 (06-01-2025 01-04-2025)'])).toEqual({ kind: 'additions', heading: 'Component - 1 : Additions List 2 (06-01-2025 01-04-2025)', number: 2 });
    expect(supplementHeading(['ઘટક - 1 : વધારા યાદી 1 (29-10-2024 28-11-2024 )'])).toMatchObject({ kind: 'additions' });
    expect(supplementHeading(['DELETIONS LIST'])).toMatchObject({ kind: 'deletions' });
    expect(supplementHeading(['घटक - 2 : विलोपन सूची'])).toMatchObject({ kind: 'deletions' });
    // a list numbered before its name (Rajasthan 2021)
    expect(supplementHeading(['1- परिवर्धन सूची - 1 - ( दिनांक 20.11.2020 से 18.01.2021 )'])).toMatchObject({ kind: 'additions' });
    expect(supplementHeading(['Corrections List'])).toMatchObject({ kind: 'corrections' });
    expect(supplementHeading(['संशोधन सूची'])).toMatchObject({ kind: 'corrections' });
    expect(supplementHeading(['Supplement - 1'])).toMatchObject({ kind: 'supplement' });
    // older Hindi supplements: "names added", "names deleted"
    expect(supplementHeading(['जोड़े गए नाम'])).toMatchObject({ kind: 'additions' });
    expect(supplementHeading(['हटाए गए नाम'])).toMatchObject({ kind: 'deletions' });
    // producers split words: "વધા રા યા દી"
    expect(supplementHeading(['ઘટક - 1 : વધા રા યા દી 1'])).toMatchObject({ kind: 'additions' });
  });

  it('names the main list as the end of a supplement', () => {
    expect(supplementHeading(['Component - 1 : Main List'])).toBe('main');
    expect(supplementHeading(['मूल सूची'])).toBe('main');
  });

  it('is not a word in the middle of a sentence or a footnote', () => {
    // a 2025 cover describes the revision "… under which additions, deletions and corrections lists …"
    expect(supplementHeading(['સંક્ષિપ્ત સુધારણા - 2025 હે ઠળના વધારા, કમી અને સુધારા યાદી'])).toBeNull();
    // every 2025 voter page's footnote: "# as corrected in the supplement"
    expect(supplementHeading(['તા. 01-04-2025 ના રોજ ઉંમર # પુરવણીમાં સુધાર્યા મુજબ.'])).toBeNull();
    expect(supplementHeading(['Name : Sample Person', 'Age : 40'])).toBeNull();
  });
});

describe('pages without voter boxes', () => {
  it('tells a summary of electors from the cover’s “summary revision”', () => {
    expect(boxlessKind(['મતદારોનું સં ક્ષિપ્ત વિવરણ', 'A) મતદારોની સં ખ્યા', 'II ઘટક - 1 : વધારા યાદી પુરવણી 1'], 0)).toBe('summary');
    expect(boxlessKind(['SUMMARY OF ELECTORS', 'Net Electors 580'], 0)).toBe('summary');
    expect(boxlessKind(['मतदाताओं का सारांश'], 0)).toBe('summary');
  });

  it('finds a supplement heading page, a map page and a cover', () => {
    expect(boxlessKind(['Assembly Constituency : 42 - Example Nagar', 'Component - 1 : Additions List 2'], 0)).toBe('supplement');
    expect(boxlessKind(['Nazri Naksha', 'Google Map View', 'Polling Station Building Front View'], 0.6)).toBe('map');
    expect(boxlessKind(['नजरी नक्शा'], 0)).toBe('map');
    expect(boxlessKind(['Assembly Constituency : 42 - Example Nagar', 'Part No. : 17', 'Year of Revision : 2024'], 0)).toBe('cover');
    // a mostly-picture page with a few words (photos of the polling station)
    expect(boxlessKind(['Front View'], 0.7)).toBe('map');
  });

  it('leaves a page that says nothing to its position', () => {
    expect(boxlessKind([], 0)).toBeNull();
    expect(boxlessKind(['Page 12 of 40'], 0)).toBeNull();
  });
});

describe('pages of a roll without readable text', () => {
  const scan = (page: number, pieces: number, imageCover = 0): PageScan => ({
    page,
    width: 595,
    height: 842,
    rects: [],
    smallRects: [],
    candidates: [],
    pieces: Array.from({ length: pieces }, (_, k) => ({ str: 'x', x: 10, y: 800 - k * 10, width: 5, height: 8 })),
    imageCover,
    imageMatrix: null,
    paths: 0,
    marks: [],
  });
  const boxes = (page: number, n: number): PageBoxes => ({
    page,
    method: n > 0 ? 'vector' : 'none',
    boxes: Array.from({ length: n }, (_, k) => ({ page, rect: { x: 20, y: 700 - k * 80, width: 180, height: 70 }, photo: null, stamped: false, ocr: null, text: { serial: k + 1, epic: null, idText: String(k + 1), deleted: false, deletionReason: null, hasText: true, fields: {} } })),
  });

  it('goes by position, and a page with next to nothing on it is neither cover nor summary', () => {
    const scans = [scan(1, 40), scan(2, 1), scan(3, 60), scan(4, 60), scan(5, 0), scan(6, 30)];
    const found = [boxes(1, 0), boxes(2, 0), boxes(3, 3), boxes(4, 3), boxes(5, 0), boxes(6, 0)];
    expect(classifyPages(scans, found, 'scrambled').map((c) => c.kind)).toEqual(['cover', 'other', 'voters', 'voters', 'other', 'summary']);
  });

  it('does not take the pages of a scan for maps because they are pictures', () => {
    const scans = [scan(1, 0, 1), scan(2, 0, 1), scan(3, 0, 1), scan(4, 0, 1)];
    const found = [boxes(1, 0), boxes(2, 3), boxes(3, 3), boxes(4, 0)];
    expect(classifyPages(scans, found, 'none').map((c) => c.kind)).toEqual(['cover', 'voters', 'voters', 'summary']);
  });
});
