import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/db/client';
import { setDbForTests } from '@/lib/server/database';
import { insertUser } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { startSession, type TokenPair } from '@/lib/auth/sessions';
import { resetConfigForTests } from '@/lib/config';

/**
 * Test environment for the auth suites: a fixed JWT secret, a scratch DATA_DIR (the mail outbox), and
 * route handlers pointed at the suite's database through setDbForTests.
 */
export function useAuthTestEnv(ctx: { readonly db: Db }): { dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-auth-test-'));
  beforeAll(() => {
    process.env.JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
    process.env.DATA_DIR = dataDir;
    delete process.env.RESEND_API_KEY;
    delete process.env.TRUST_PROXY;
    resetConfigForTests();
    setDbForTests(ctx.db);
  });
  afterAll(() => {
    setDbForTests(undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir };
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  url?: string;
}

/** Calls an exported route handler (POST/GET/...) the way Next would. */
export async function call(handler: unknown, options: CallOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(options.headers);
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  }
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  const req = new Request(options.url ?? 'http://test.local/api/x', { method: options.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const res = await (handler as Handler)(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now()}${counter}@example.test`;
}

export async function makeUser(
  db: Db,
  overrides: Partial<{ email: string; password: string; name: string; isAdmin: boolean; isActive: boolean }> = {},
): Promise<{ user: User; password: string; tokens: TokenPair }> {
  const password = overrides.password ?? 'correct-horse-1';
  const user = await insertUser(db, {
    name: overrides.name ?? 'Test User',
    email: overrides.email ?? uniqueEmail(),
    phoneNumber: '9876543210',
    passwordHash: await hashPassword(password),
    isAdmin: overrides.isAdmin ?? false,
    isActive: overrides.isActive ?? true,
  });
  return { user, password, tokens: await startSession(db, user) };
}

export function readOutbox(dataDir: string): { to: string; subject: string; text: string; sent_at: string }[] {
  const file = path.join(dataDir, 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

export function lastOtpFor(dataDir: string, email: string): string {
  const mail = readOutbox(dataDir).filter((m) => m.to === email).pop();
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  return code;
}
