import { describe, expect, it, vi } from 'vitest';
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

  it('in production refuses to run without the Razorpay keys unless PAYMENTS_TEST_MODE=true asks for test mode', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: RAZORPAY_KEY_ID: production takes real payments: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=true to run in test mode (no money is charged)',
    );
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: 'production', ...keys })).not.toThrow();
    // development and tests keep the automatic test mode
    expect(() => parseEnv({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: 'test' })).not.toThrow();
    // asking for live payments without keys, or for test mode with keys, is a contradiction
    expect(() => parseEnv({ PAYMENTS_TEST_MODE: 'false' })).toThrow(/PAYMENTS_TEST_MODE=false needs RAZORPAY_KEY_ID/);
    expect(() => parseEnv({ PAYMENTS_TEST_MODE: 'true', ...keys })).toThrow(/PAYMENTS_TEST_MODE=true and the Razorpay keys are both set/);
    expect(() => parseEnv({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE/);
  });

  it('refunds duplicate payments automatically only when asked', () => {
    expect(parseEnv({}).AUTO_REFUND_DUPLICATE_PAYMENTS).toBe(false);
    expect(parseEnv({ AUTO_REFUND_DUPLICATE_PAYMENTS: 'true' }).AUTO_REFUND_DUPLICATE_PAYMENTS).toBe(true);
    expect(() => parseEnv({ AUTO_REFUND_DUPLICATE_PAYMENTS: 'sometimes' })).toThrow(/AUTO_REFUND_DUPLICATE_PAYMENTS/);
  });

  it('checks the fee: whole paise, a minimum of at least ₹1', () => {
    expect(parseEnv({ FEE_PER_PAGE: '2.5', MIN_FEE: '5' })).toMatchObject({ FEE_PER_PAGE: 2.5, MIN_FEE: 5 });
    expect(() => parseEnv({ FEE_PER_PAGE: '0.005' })).toThrow(/whole paise/);
    expect(() => parseEnv({ MIN_FEE: '0.5' })).toThrow(/MIN_FEE must be at least 1/);
    expect(() => parseEnv({ FEE_PER_PAGE: '-1' })).toThrow(/FEE_PER_PAGE/);
  });

  it('needs the Inngest keys in production with JOBS_PROVIDER=inngest', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', JOBS_PROVIDER: 'inngest' })).toThrow(/INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY/);
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true', JOBS_PROVIDER: 'inngest', INNGEST_EVENT_KEY: 'e', INNGEST_SIGNING_KEY: 's' })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true', JOBS_PROVIDER: 'inngest', INNGEST_DEV: '1' })).not.toThrow();
    expect(() => parseEnv({ FILES_STORE: 'cloud' })).toThrow(/FILES_STORE/);
    expect(parseEnv({}).RETENTION_DAYS).toBe(30);
  });
});

describe('site facts from the configuration', () => {
  it("defaults to placeholders and reads the operator's real values", async () => {
    const { siteFactsFrom } = await import('@/lib/site');
    const defaults = siteFactsFrom(parseEnv({}));
    expect(defaults.address.city).toBe('Bangalore');
    expect(defaults.supportEmail).toBe('support@example.com');
    const real = siteFactsFrom(
      parseEnv({
        SITE_PRODUCT_NAME: 'Chunav Tools',
        SITE_COMPANY_NAME: 'Asha Digital LLP',
        SUPPORT_EMAIL: 'help@asha.in',
        SUPPORT_PHONE: '+91 98450 12345',
        SITE_ADDRESS_LINE1: '12 MG Road',
        SITE_POSTAL_CODE: '560001',
        GRIEVANCE_OFFICER_NAME: 'R. Kumar',
        GRIEVANCE_OFFICER_EMAIL: 'grievance@asha.in',
        MAIL_FROM: 'Chunav Tools <no-reply@asha.in>',
      }),
    );
    expect(real).toMatchObject({
      productName: 'Chunav Tools',
      companyName: 'Asha Digital LLP',
      supportEmail: 'help@asha.in',
      phone: '+91 98450 12345',
      address: { line1: '12 MG Road', postalCode: '560001', city: 'Bangalore' },
      grievanceOfficer: { name: 'R. Kumar', email: 'grievance@asha.in' },
    });
  });

  it('GST facts: without a GSTIN a bill of supply; a GSTIN is checked and must be of SITE_STATE; rate, SAC and prefixes checked', async () => {
    const env = parseEnv({});
    expect(env.SITE_GSTIN).toBeUndefined();
    expect(env.GST_RATE).toBe(18);
    expect(env.SAC_CODE).toBe('998595');
    expect(env.INVOICE_PREFIX).toBe('');
    expect(env.CREDIT_NOTE_PREFIX).toBe('CN');
    expect(parseEnv({ SITE_GSTIN: '29aagcb7383j1z4', SITE_STATE: 'Karnataka' }).SITE_GSTIN).toBe('29AAGCB7383J1Z4');
    expect(() => parseEnv({ SITE_GSTIN: '29AAGCB7383J1Z5' })).toThrow(/SITE_GSTIN.*check/);
    expect(() => parseEnv({ SITE_GSTIN: '27AAPFU0939F1ZV', SITE_STATE: 'Karnataka' })).toThrow(/SITE_GSTIN is registered in state 27/);
    expect(parseEnv({ SITE_GSTIN: '27AAPFU0939F1ZV', SITE_STATE: 'Maharashtra' }).SITE_GSTIN).toBe('27AAPFU0939F1ZV');
    expect(() => parseEnv({ GST_RATE: '40' })).toThrow(/GST_RATE/);
    expect(() => parseEnv({ GST_RATE: '12.345' })).toThrow(/GST_RATE/);
    expect(() => parseEnv({ SAC_CODE: '12345' })).toThrow(/SAC_CODE/);
    expect(() => parseEnv({ INVOICE_PREFIX: 'INV/' })).toThrow(/INVOICE_PREFIX/);
    expect(() => parseEnv({ INVOICE_PREFIX: 'CN' })).toThrow(/must differ/);
    expect(() => parseEnv({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL/);
    const { invoiceSupplierFrom, siteUrl } = await import('@/lib/site');
    expect(invoiceSupplierFrom(parseEnv({ SITE_STATE: 'Gujarat' }))).toMatchObject({ gstin: null, stateCode: '24', stateName: 'Gujarat', sac: '998595' });
    expect(siteUrl(parseEnv({ SITE_URL: 'https://slips.example.in/' }))).toBe('https://slips.example.in');
  });

  it('refuses malformed site facts at start, naming each', () => {
    let message = '';
    try {
      parseEnv({ SUPPORT_EMAIL: 'help', GRIEVANCE_OFFICER_EMAIL: 'x@', SITE_POSTAL_CODE: '56', SUPPORT_PHONE: 'call us', MAIL_FROM: 'Tools <nobody>' });
    } catch (e) {
      message = (e as Error).message;
    }
    for (const key of ['SUPPORT_EMAIL', 'GRIEVANCE_OFFICER_EMAIL', 'SITE_POSTAL_CODE', 'SUPPORT_PHONE', 'MAIL_FROM']) expect(message).toContain(key);
  });

  it('lists the facts still at a placeholder', async () => {
    const { placeholderSiteFacts } = await import('@/lib/config');
    expect(placeholderSiteFacts(parseEnv({}))).toEqual(
      expect.arrayContaining(['SITE_COMPANY_NAME', 'SUPPORT_EMAIL', 'SUPPORT_PHONE', 'SITE_ADDRESS_LINE1', 'GRIEVANCE_OFFICER_NAME', 'GRIEVANCE_OFFICER_EMAIL']),
    );
    expect(placeholderSiteFacts(parseEnv({ SUPPORT_EMAIL: 'help@asha.in' }))).not.toContain('SUPPORT_EMAIL');
  });
});

describe('start-up in production without Razorpay keys', () => {
  it('stops the process with one clear line before anything is opened', async () => {
    const { resetConfigForTests } = await import('@/lib/config');
    const { bootstrapServerOrExit } = await import('@/lib/server/bootstrap');
    const keys = ['NODE_ENV', 'PAYMENTS_TEST_MODE', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    const env = process.env as Record<string, string | undefined>;
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const k of keys) delete env[k];
      env.NODE_ENV = 'production';
      resetConfigForTests();
      await bootstrapServerOrExit();
      expect(exit).toHaveBeenCalledWith(1);
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        '[startup] cannot start: Invalid configuration: RAZORPAY_KEY_ID: production takes real payments: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=true to run in test mode (no money is charged)',
      ]);
    } finally {
      exit.mockRestore();
      logged.mockRestore();
      for (const k of keys) {
        if (saved[k] === undefined) delete env[k];
        else env[k] = saved[k];
      }
      resetConfigForTests();
    }
  });
});
