import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox/limits';
import { GSTIN_MESSAGES, gstinProblem, MAX_PREFIX_LENGTH, stateCodeOf } from './invoices/gst';

/**
 * All configuration, read from the environment once and validated (README, Configuration).
 * A bad value fails start-up with one message naming every problem.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const withDefault = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : fallback));

/** "Name <address>" or a bare address, as Resend takes it. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]+ <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/**
 * The operator's facts shown on the site and in mails (contact, privacy, terms and refund pages). The
 * defaults are placeholders, so a fresh machine runs; an operator sets real values in the environment, never in code.
 */
export const SITE_DEFAULTS = {
  SITE_PRODUCT_NAME: 'Sahayak Tools',
  SITE_COMPANY_NAME: 'Example Tools Private Limited',
  SUPPORT_EMAIL: 'support@example.com',
  SUPPORT_PHONE: '+91 00000 00000',
  SUPPORT_HOURS: 'Monday to Saturday, 10:00 to 18:00 IST',
  SITE_ADDRESS_LINE1: 'Office address line (placeholder)',
  SITE_CITY: 'Bangalore',
  SITE_STATE: 'Karnataka',
  SITE_POSTAL_CODE: '560000',
  SITE_COUNTRY: 'India',
  GRIEVANCE_OFFICER_NAME: 'Grievance Officer Name (placeholder)',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@example.com',
} as const;

const siteText = (key: keyof typeof SITE_DEFAULTS, max = 200) => withDefault(SITE_DEFAULTS[key]).pipe(z.string().max(max, `${key} must be at most ${max} characters`));
const siteEmail = (key: keyof typeof SITE_DEFAULTS) => withDefault(SITE_DEFAULTS[key]).pipe(z.email({ error: `${key} must be an e-mail address` }));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATA_DIR: z.string().default('.data'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: optionalString,
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
    ADMIN_EMAIL: optionalString.pipe(z.string().email('ADMIN_EMAIL must be an e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
    JOBS_PROVIDER: z.enum(['local', 'inngest']).default('local'),
    RESEND_API_KEY: optionalString,
    MAIL_FROM: withDefault('Voter Slip Generator <no-reply@example.com>').pipe(
      z.string().regex(MAIL_FROM_PATTERN, 'MAIL_FROM must be an e-mail address or "Name <address>"'),
    ),
    SITE_PRODUCT_NAME: siteText('SITE_PRODUCT_NAME', 60),
    SITE_COMPANY_NAME: siteText('SITE_COMPANY_NAME'),
    SUPPORT_EMAIL: siteEmail('SUPPORT_EMAIL'),
    SUPPORT_PHONE: withDefault(SITE_DEFAULTS.SUPPORT_PHONE).pipe(
      z.string().regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'SUPPORT_PHONE must be a phone number (digits, spaces, +, -, parentheses)'),
    ),
    SUPPORT_HOURS: siteText('SUPPORT_HOURS'),
    SITE_ADDRESS_LINE1: siteText('SITE_ADDRESS_LINE1'),
    SITE_CITY: siteText('SITE_CITY', 80),
    SITE_STATE: siteText('SITE_STATE', 80),
    SITE_POSTAL_CODE: withDefault(SITE_DEFAULTS.SITE_POSTAL_CODE).pipe(z.string().regex(/^[0-9]{6}$/, 'SITE_POSTAL_CODE must be a 6-digit PIN code')),
    SITE_COUNTRY: siteText('SITE_COUNTRY', 80),
    GRIEVANCE_OFFICER_NAME: siteText('GRIEVANCE_OFFICER_NAME'),
    GRIEVANCE_OFFICER_EMAIL: siteEmail('GRIEVANCE_OFFICER_EMAIL'),
    /** The operator's GSTIN: set, invoices are tax invoices with GST; unset (below the threshold), bills of supply. */
    SITE_GSTIN: optionalString.pipe(
      z
        .string()
        .transform((v) => v.toUpperCase())
        .refine((v) => gstinProblem(v) === null, { error: (issue) => `SITE_GSTIN: ${GSTIN_MESSAGES[gstinProblem(String(issue.input)) ?? 'format']}` })
        .optional(),
    ),
    /** GST rate in percent on the fee (prices are tax-inclusive). */
    GST_RATE: z.coerce.number().min(0).max(28, 'GST_RATE must be at most 28 (percent)').default(18),
    /** The service's SAC: 998595, document preparation and other specialised office support services. */
    SAC_CODE: withDefault('998595').pipe(z.string().regex(/^99[0-9]{4}$/, 'SAC_CODE must be a 6-digit services code starting 99')),
    INVOICE_PREFIX: z.string().default('').pipe(z.string().regex(new RegExp(`^[A-Za-z0-9/-]{0,${MAX_PREFIX_LENGTH}}$`), `INVOICE_PREFIX must be at most ${MAX_PREFIX_LENGTH} letters, digits, - or / (a GST invoice number has at most 16 characters)`)),
    CREDIT_NOTE_PREFIX: z.string().default('CN').pipe(z.string().regex(new RegExp(`^[A-Za-z0-9/-]{0,${MAX_PREFIX_LENGTH}}$`), `CREDIT_NOTE_PREFIX must be at most ${MAX_PREFIX_LENGTH} letters, digits, - or /`)),
    /** The site's public address, for links in mails. */
    SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'SITE_URL must be an http(s) URL' }).optional()),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    /**
     * Payments without Razorpay: unset = automatic (test mode when no keys are set), except in production,
     * where running without keys must be asked for with `true`; `false` = live, the keys are required.
     */
    PAYMENTS_TEST_MODE: z.enum(['true', 'false', '1', '0']).optional(),
    /** Refund a second payment of an already paid order at once (off: it is flagged for an admin to refund). */
    AUTO_REFUND_DUPLICATE_PAYMENTS: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    FEE_PER_PAGE: z.coerce.number().positive().max(10_000).default(2),
    DRAFT_PREVIEW_PAGES: z.coerce.number().int().min(1).max(50).default(3),
    MIN_FEE: z.coerce.number().min(1, 'MIN_FEE must be at least 1 (Razorpay\'s minimum is ₹1)').max(100_000).default(1),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(50),
    /** All the voter lists of one task together (a constituency's rolls, or a ZIP of them). */
    MAX_TASK_MB: z.coerce.number().positive().max(65536).default(1024),
    /** Voter lists in one task (one per part: a constituency has 200–400). */
    MAX_TASK_FILES: z.coerce.number().int().min(1).max(5000).default(500),
    /** Parts of a task read or rendered at once (default: the sandbox processes). */
    PARTS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Resumable uploads one user may have open at once, unfinished or not yet used by a task (so no one fills the disk). */
    MAX_OPEN_UPLOADS: z.coerce.number().int().min(1).max(100_000).default(600),
    /** Where uploads and PDFs are kept: disk (DATA_DIR/files) or the database; default: database when DATABASE_URL is set. */
    FILES_STORE: z.enum(['disk', 'database']).optional(),
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Jobs one process runs at once (local runner); default: the number of CPUs. */
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Unfinished tasks one user may have at once. */
    MAX_OPEN_TASKS: z.coerce.number().int().min(1).max(100).default(3),
    /** Sandbox processes that read uploaded files and render slips (default: one per CPU), and each one's limits. */
    SANDBOX_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
    SANDBOX_MEMORY_MB: z.coerce.number().int().min(256).max(65536).default(DEFAULT_SANDBOX_LIMITS.memoryMb),
    SANDBOX_CPU_SECONDS: z.coerce.number().int().min(1).max(86400).default(DEFAULT_SANDBOX_LIMITS.cpuSeconds),
    SANDBOX_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(DEFAULT_SANDBOX_LIMITS.timeoutSeconds),
    SANDBOX_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_SANDBOX_LIMITS.stallSeconds),
    SANDBOX_OUTPUT_MB: z.coerce.number().int().min(1).max(65536).default(DEFAULT_SANDBOX_LIMITS.outputMb),
    INNGEST_EVENT_KEY: optionalString,
    INNGEST_SIGNING_KEY: optionalString,
    INNGEST_DEV: optionalString,
    TRANSLITERATE_URL: optionalString,
    TRANSLITERATE_MODEL_WORDS: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together', path: ['ADMIN_EMAIL'] });
    }
    const razorpay = [env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET].filter((v) => v !== undefined).length;
    if (razorpay !== 0 && razorpay !== 3) {
      ctx.addIssue({
        code: 'custom',
        message: 'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together (or none, for test mode)',
        path: ['RAZORPAY_KEY_ID'],
      });
    }
    const testMode = env.PAYMENTS_TEST_MODE === undefined ? undefined : env.PAYMENTS_TEST_MODE === 'true' || env.PAYMENTS_TEST_MODE === '1';
    if (razorpay === 0 && (testMode === false || (testMode === undefined && env.NODE_ENV === 'production'))) {
      ctx.addIssue({
        code: 'custom',
        message:
          testMode === false
            ? 'PAYMENTS_TEST_MODE=false needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET'
            : 'production takes real payments: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=true to run in test mode (no money is charged)',
        path: ['RAZORPAY_KEY_ID'],
      });
    }
    if (razorpay === 3 && testMode === true) {
      ctx.addIssue({ code: 'custom', message: 'PAYMENTS_TEST_MODE=true and the Razorpay keys are both set: unset one of them', path: ['PAYMENTS_TEST_MODE'] });
    }
    if (env.JOBS_PROVIDER === 'inngest' && env.NODE_ENV === 'production' && !env.INNGEST_DEV && (!env.INNGEST_SIGNING_KEY || !env.INNGEST_EVENT_KEY)) {
      ctx.addIssue({ code: 'custom', message: 'JOBS_PROVIDER=inngest needs INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (or INNGEST_DEV=1 for a local dev server)', path: ['JOBS_PROVIDER'] });
    }
    if (env.SITE_GSTIN && env.SITE_GSTIN.slice(0, 2) !== stateCodeOf(env.SITE_STATE)) {
      ctx.addIssue({ code: 'custom', message: `SITE_GSTIN is registered in state ${env.SITE_GSTIN.slice(0, 2)}, which is not SITE_STATE (${env.SITE_STATE})`, path: ['SITE_GSTIN'] });
    }
    if (env.GST_RATE * 100 !== Math.round(env.GST_RATE * 100)) {
      ctx.addIssue({ code: 'custom', message: 'GST_RATE must have at most 2 decimals', path: ['GST_RATE'] });
    }
    if (env.INVOICE_PREFIX === env.CREDIT_NOTE_PREFIX) {
      ctx.addIssue({ code: 'custom', message: 'INVOICE_PREFIX and CREDIT_NOTE_PREFIX must differ (the two series would give the same numbers)', path: ['CREDIT_NOTE_PREFIX'] });
    }
    if (env.FEE_PER_PAGE * 100 !== Math.round(env.FEE_PER_PAGE * 100)) {
      ctx.addIssue({ code: 'custom', message: 'FEE_PER_PAGE must be whole paise (at most 2 decimals)', path: ['FEE_PER_PAGE'] });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET'> {
  /** Absolute data directory. */
  dataDir: string;
  jwtSecret: Uint8Array;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** JWT_SECRET from the environment, else one generated once and kept in DATA_DIR. */
function resolveJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (env.NODE_ENV === 'production') {
    // `npm start` must work on a fresh machine without keys, so production falls back to a generated
    // secret kept in DATA_DIR (stable across restarts) and says so; real deployments set JWT_SECRET.
    console.warn('[config] JWT_SECRET is not set: using a generated secret kept in DATA_DIR/jwt-secret.');
  }
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return new TextEncoder().encode(existing);
  } catch {
    // not there yet
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return new TextEncoder().encode(secret);
}

/** The site facts still at a placeholder default (an operator going live sets them). */
export function placeholderSiteFacts(env: Env): string[] {
  const isPlaceholder = (value: string) => /placeholder|example\.com|^Example |00000 00000/.test(value);
  return (Object.keys(SITE_DEFAULTS) as (keyof typeof SITE_DEFAULTS)[]).filter((key) => isPlaceholder(SITE_DEFAULTS[key]) && env[key] === SITE_DEFAULTS[key]);
}

function warnAboutPlaceholders(env: Env): void {
  const left = placeholderSiteFacts(env);
  if (env.MAIL_FROM.includes('example.com')) left.push('MAIL_FROM');
  if (left.length > 0) console.warn(`[config] still the placeholder values (set them before going live): ${left.join(', ')}`);
}

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const env = parseEnv(process.env);
  const dataDir = path.resolve(env.DATA_DIR);
  const { JWT_SECRET: _secret, ...rest } = env;
  if (env.NODE_ENV === 'production') warnAboutPlaceholders(env);
  cached = { ...rest, dataDir, jwtSecret: resolveJwtSecret(env, dataDir) };
  return cached;
}

/** For tests: forget the cached configuration so a changed environment is read again. */
export function resetConfigForTests(): void {
  cached = undefined;
}
