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

describe('payments and jobs settings', () => {
  it('takes the three Razorpay settings together or none (test mode)', () => {
    expect(() => parseEnv({})).not.toThrow();
    expect(() => parseEnv({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' })).not.toThrow();
    expect(() => parseEnv({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toThrow(/RAZORPAY_WEBHOOK_SECRET must be set together/);
    expect(() => parseEnv({ RAZORPAY_WEBHOOK_SECRET: 'w' })).toThrow(/set together/);
  });

  it('checks the fee: whole paise, a minimum of at least ₹1', () => {
    expect(parseEnv({ FEE_PER_PAGE: '2.5', MIN_FEE: '5' })).toMatchObject({ FEE_PER_PAGE: 2.5, MIN_FEE: 5 });
    expect(() => parseEnv({ FEE_PER_PAGE: '0.005' })).toThrow(/whole paise/);
    expect(() => parseEnv({ MIN_FEE: '0.5' })).toThrow(/MIN_FEE must be at least 1/);
    expect(() => parseEnv({ FEE_PER_PAGE: '-1' })).toThrow(/FEE_PER_PAGE/);
  });

  it('needs the Inngest keys in production with JOBS_PROVIDER=inngest', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', JOBS_PROVIDER: 'inngest' })).toThrow(/INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY/);
    expect(() => parseEnv({ NODE_ENV: 'production', JOBS_PROVIDER: 'inngest', INNGEST_EVENT_KEY: 'e', INNGEST_SIGNING_KEY: 's' })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: 'production', JOBS_PROVIDER: 'inngest', INNGEST_DEV: '1' })).not.toThrow();
    expect(() => parseEnv({ FILES_STORE: 'cloud' })).toThrow(/FILES_STORE/);
    expect(parseEnv({}).RETENTION_DAYS).toBe(30);
  });
});
