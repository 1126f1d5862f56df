import { describe, expect, it } from 'vitest';
import { csvText, exportPeriodSchema, periodBounds } from './export';

describe('the accounts export', () => {
  it('quotes text cells and keeps a customer-typed formula from running in a spreadsheet', () => {
    expect(csvText('Ramesh Kumar')).toBe('Ramesh Kumar');
    expect(csvText('Kumar, Ramesh')).toBe('"Kumar, Ramesh"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('+91 98')).toBe(`"'+91 98"`);
    expect(csvText('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvText(null)).toBe('');
  });

  it('a period is whole days in India, both ends included', () => {
    const { start, end } = periodBounds({ from: '2026-04-01', to: '2026-04-30' });
    expect(start.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-04-30T18:30:00.000Z');
  });

  it('refuses a period backwards or a date that is not one', () => {
    expect(exportPeriodSchema.safeParse({ from: '2026-04-01', to: '2026-04-01' }).success).toBe(true);
    expect(exportPeriodSchema.safeParse({ from: '2026-04-02', to: '2026-04-01' }).success).toBe(false);
    expect(exportPeriodSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(exportPeriodSchema.safeParse({ from: '1/4/2026', to: '2026-04-01' }).success).toBe(false);
    expect(exportPeriodSchema.safeParse({ to: '2026-04-01' }).success).toBe(false);
  });
});
