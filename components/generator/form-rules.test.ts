import { describe, expect, it } from 'vitest';
import { BANNER_TYPE_ERROR, VOTER_LIST_TYPE_ERROR } from '@/lib/documents/upload-rules';
import { canGenerate, generateFormData, generatorSchema, initialValues, listsProblem, withLayout, type GeneratorValues } from './form-rules';

/** The first problem the form would show for these values, or null. */
function problem(values: GeneratorValues, maxMb?: number | null): string | null {
  const result = generatorSchema(maxMb).safeParse(values);
  return result.success ? null : result.error.issues[0].message;
}

const pdf = new File(['%PDF'], 'roll.PDF', { type: 'application/pdf' });
const png = new File(['png'], 'banner.png', { type: 'image/png' });

describe('generator form rules', () => {
  it('defaults: a4, portrait, photos off, the first allowed slips per page', () => {
    expect(initialValues()).toMatchObject({ pageSize: 'a4', orientation: 'portrait', printPhoto: false, slipsPerPage: 8, boothAddress: '' });
  });
  it('enables Generate Slips only with a voter list, a banner and a non-blank address', () => {
    const base = { ...initialValues(), voterLists: [pdf], banner: png };
    expect(canGenerate(base)).toBe(false);
    expect(canGenerate({ ...base, boothAddress: '   ' })).toBe(false);
    expect(canGenerate({ ...base, boothAddress: 'रामपुर' })).toBe(true);
    expect(canGenerate({ ...base, banner: null, boothAddress: 'रामपुर' })).toBe(false);
  });
  it('falls back to the first allowed slips per page when size or orientation changes', () => {
    let v = { ...initialValues(), slipsPerPage: 16 };
    v = withLayout(v, { pageSize: 'a3' });
    expect(v.slipsPerPage).toBe(16);
    v = withLayout(v, { orientation: 'landscape' });
    expect(v.slipsPerPage).toBe(18);
    v = withLayout(v, { pageSize: 'legal' });
    expect(v.slipsPerPage).toBe(9);
    v = withLayout(v, { orientation: 'portrait' });
    expect(v.slipsPerPage).toBe(10);
  });
  it('names the missing or invalid file in the upload rules\' words', () => {
    expect(problem({ ...initialValues(), banner: png })).toBe(VOTER_LIST_TYPE_ERROR);
    expect(problem({ ...initialValues(), voterLists: [pdf] })).toBe(BANNER_TYPE_ERROR);
    expect(problem({ ...initialValues(), voterLists: [new File(['x'], 'list.txt')], banner: png })).toBe(VOTER_LIST_TYPE_ERROR);
    expect(problem({ ...initialValues(), voterLists: [pdf], banner: png })).toBeNull();
  });
  it('sends the spec multipart fields', () => {
    const form = generateFormData({ ...initialValues(), voterLists: [pdf], banner: png, boothAddress: ' रामपुर ', printPhoto: true });
    expect(Array.from(form.keys()).sort()).toEqual(
      ['banner_file', 'booth_address', 'orientation', 'page_size', 'pdf_file', 'print_photo', 'slips_per_page'].sort(),
    );
    expect(form.get('booth_address')).toBe('रामपुर');
    expect(form.get('print_photo')).toBe('true');
    expect(form.get('slips_per_page')).toBe('8');
    expect((form.get('pdf_file') as File).name).toBe('roll.PDF');
    // fields before files, so that the server can refuse a bad field before storing any file
    expect(Array.from(form.keys()).slice(-2)).toEqual(['pdf_file', 'banner_file']);
  });
});

describe('several voter lists', () => {
  const sheet = (name: string, mb = 0) => new File([new Uint8Array(mb * 1024 * 1024 + 10)], name);
  it('takes several lists and ZIPs of them, each sent as its own pdf_file in the order chosen', () => {
    const lists = [sheet('part 1.pdf'), sheet('part 2.xlsx'), sheet('ward.zip')];
    expect(problem({ ...initialValues(), voterLists: lists, banner: png })).toBeNull();
    const form = generateFormData({ ...initialValues(), voterLists: lists, banner: png, boothAddress: 'x' });
    expect(form.getAll('pdf_file').map((f) => (f as File).name)).toEqual(['part 1.pdf', 'part 2.xlsx', 'ward.zip']);
  });
  it('holds a task to its limits: files, one list, a ZIP, and all together', () => {
    const limits = { maxMb: 2, taskMb: 5, taskFiles: 3 };
    expect(listsProblem([sheet('a.pdf'), sheet('b.pdf'), sheet('c.pdf'), sheet('d.pdf')], limits)).toBe('One task takes at most 3 voter lists; you chose 4.');
    expect(listsProblem([sheet('a.pdf'), sheet('b.pdf', 3)], limits)).toBe('b.pdf is 3.0 MB; the limit is 2 MB.');
    // a ZIP is held to the task's limit, not one list's
    expect(listsProblem([sheet('ward.zip', 4)], limits)).toBeNull();
    expect(listsProblem([sheet('ward.zip', 6)], limits)).toBe('The Voter List is 6.0 MB; the limit is 5 MB.');
    expect(listsProblem([sheet('a.pdf', 2), sheet('ward.zip', 4)], { ...limits, maxMb: 3 })).toBe('The voter lists together are 6.0 MB; the limit for one task is 5 MB.');
    expect(listsProblem([sheet('a.pdf'), sheet('notes.txt')], limits)).toBe(VOTER_LIST_TYPE_ERROR);
  });
});

describe('upload size limit', () => {
  it('names the file and the limit when a file is larger than the server takes', async () => {
    const { tooLargeError, formatSize } = await import('./form-rules');
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'roll.pdf');
    expect(tooLargeError('Voter List', big, 2)).toBe('The Voter List is 3.0 MB; the limit is 2 MB.');
    expect(tooLargeError('Voter List', big, 3)).toBeNull();
    expect(tooLargeError('Voter List', big, null)).toBeNull();
    expect(formatSize(2048)).toBe('2 KB');
    const png = new File(['x'], 'b.png');
    expect(problem({ ...initialValues(), voterLists: [big], banner: png }, 2)).toBe('The Voter List is 3.0 MB; the limit is 2 MB.');
    expect(problem({ ...initialValues(), voterLists: [pdf], banner: new File([new Uint8Array(3 * 1024 * 1024)], 'b.png') }, 2)).toBe('The Banner is 3.0 MB; the limit is 2 MB.');
    // a banner has its own limit, 10 MB, below a larger upload limit
    expect(problem({ ...initialValues(), voterLists: [pdf], banner: new File([new Uint8Array(11 * 1024 * 1024)], 'b.png') }, 50)).toBe('The Banner is 11.0 MB; the limit is 10 MB.');
    expect(problem({ ...initialValues(), voterLists: [pdf], banner: new File([new Uint8Array(9 * 1024 * 1024)], 'b.png') }, 50)).toBeNull();
    expect(problem({ ...initialValues(), voterLists: [big], banner: png }, null)).toBeNull();
  });
});
