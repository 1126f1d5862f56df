import { describe, expect, it } from 'vitest';
import { initials } from '@/components/shell/initials';
import { statusLabel, statusTone } from '@/components/history/status';
import { profilePayload } from '@/components/profile/profile-form';
import { TOOLS, toolByLink } from '@/components/home/tools';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('asha devi verma')).toBe('AV');
    expect(initials('  Ravi  ')).toBe('R');
  });
  it('falls back to the e-mail, then to ?', () => {
    expect(initials('', 'zed@example.com')).toBe('Z');
    expect(initials(null)).toBe('?');
  });
  it('keeps a whole Devanagari code point', () => {
    expect(initials('राम कुमार')).toBe('रक');
  });
});

describe('history status', () => {
  it('upper-cases and turns underscores into spaces', () => {
    expect(statusLabel('draft_complete')).toBe('DRAFT COMPLETE');
    expect(statusLabel('complete')).toBe('COMPLETE');
  });
  it('colours complete green, error red, anything else amber', () => {
    expect(statusTone('complete')).toBe('complete');
    expect(statusTone('error')).toBe('error');
    expect(statusTone('draft_complete')).toBe('pending');
    expect(statusTone('processing')).toBe('pending');
  });
});

describe('profilePayload', () => {
  it('sends the password only when it is not empty', () => {
    expect(profilePayload({ name: ' A ', phone_number: '1', password: '' })).toEqual({ name: 'A', phone_number: '1' });
    expect(profilePayload({ name: 'A', phone_number: '1', password: 'x y' })).toEqual({
      name: 'A',
      phone_number: '1',
      password: 'x y',
    });
  });
});

describe('tool cards', () => {
  it('has the four tools, only the voter slip generator active', () => {
    expect(TOOLS.map((t) => t.title)).toEqual(['Voter Slip Generator', 'Invoice Generator', 'PDF Tools', 'Image Tools']);
    expect(TOOLS.filter((t) => t.status === 'active').map((t) => t.link)).toEqual(['/voter-slip-generator']);
    expect(toolByLink('/pdf-tools')?.title).toBe('PDF Tools');
  });
});
