import { describe, expect, it } from 'vitest';
import { canCancelWhileRunning, formatRupees, isTerminal, progressOf } from './documents';

describe('task status rules', () => {
  it('stops polling on draft_complete, complete, error and the server’s FAILURE/SUCCESS', () => {
    for (const s of ['draft_complete', 'complete', 'error', 'FAILURE', 'SUCCESS']) expect(isTerminal(s)).toBe(true);
    for (const s of ['pending', 'preprocessing', 'processing', 'generating']) expect(isTerminal(s)).toBe(false);
    expect(canCancelWhileRunning('processing')).toBe(true);
    expect(canCancelWhileRunning('complete')).toBe(false);
  });

  it('maps status to progress when the server gives none, takes the server’s figure otherwise, 100 when done', () => {
    expect(progressOf({ status: 'pending' })).toBe(10);
    expect(progressOf({ status: 'preprocessing' })).toBe(25);
    expect(progressOf({ status: 'processing' })).toBe(50);
    expect(progressOf({ status: 'generating' })).toBe(75);
    expect(progressOf({ status: 'something_else' })).toBe(10);
    expect(progressOf({ status: 'processing', progress: 43.6 })).toBe(44);
    expect(progressOf({ status: 'processing', progress: 140 })).toBe(100);
    expect(progressOf({ status: 'draft_complete', progress: 60 })).toBe(100);
    expect(progressOf({ status: 'complete' })).toBe(100);
  });

  it('shows rupees with two decimals and Indian grouping', () => {
    expect(formatRupees(72)).toBe('₹72.00');
    expect(formatRupees(72.5)).toBe('₹72.50');
    expect(formatRupees(125000)).toBe('₹1,25,000.00');
  });
});
