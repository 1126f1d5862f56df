import { describe, expect, it } from 'vitest';
import { clampPage, matchesSearch, pageCount, rangeLabel } from './paging';

describe('admin paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(57, 20)).toBe(3);
  });

  it('clamps a page after rows disappear', () => {
    expect(clampPage(2, 40)).toBe(1);
    expect(clampPage(-1, 40)).toBe(0);
    expect(clampPage(1, 41)).toBe(1);
  });

  it('labels the visible range', () => {
    expect(rangeLabel(0, 0)).toBe('No results');
    expect(rangeLabel(0, 5)).toBe('Showing 1–5 of 5');
    expect(rangeLabel(1, 57)).toBe('Showing 21–40 of 57');
    expect(rangeLabel(2, 57)).toBe('Showing 41–57 of 57');
  });

  it('matches search text case-insensitively on any field', () => {
    expect(matchesSearch('', 'x')).toBe(true);
    expect(matchesSearch('ALICE', 'alice@example.com')).toBe(true);
    expect(matchesSearch('12', 12, 'bob')).toBe(true);
    expect(matchesSearch('zed', 3, 'bob@example.com', null)).toBe(false);
  });
});
