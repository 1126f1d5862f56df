import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '@/lib/config';

describe('parseEnv', () => {
  it('has working defaults for a fresh machine', () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe('.data');
    expect(env.PORT).toBe(3000);
    expect(env.JOBS_PROVIDER).toBe('local');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DRAFT_PREVIEW_PAGES).toBe(3);
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every problem in one message', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'abc', ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'longenough', JWT_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('ADMIN_EMAIL');
    expect(message).toContain('JWT_SECRET');
  });

  it('requires admin e-mail and password together', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/set together/);
  });
});
