/**
 * What an authenticated request costs in the database: `npx tsx bench/auth.ts` (or `npm run bench -- auth`).
 *
 * Every bearer call loads the user and checks that the access token's session (its refresh-token family)
 * is still live, so that a logout, a password change or a deactivation takes effect on the next call.
 * Measured side by side, alternating, on the same database with 2,000 users and 20,000 refresh tokens:
 *   one-query   findUserWithSession: the user by primary key with an EXISTS on the family's index (now)
 *   two-queries the user by primary key, then the family in a second query (the earlier shape)
 *   guard       authenticate() on a request: JWT verification plus the one query
 * Figures: wall and CPU microseconds per call, on PGlite (in process) and on PostgreSQL at 127.0.0.1:5432
 * (a fresh database, dropped afterwards; skipped when no server answers).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { openDb, type Db, type DbHandle } from '@/db/client';
import { findUserById, findUserWithSession } from '@/db/queries/users';
import { refreshTokens, users } from '@/db/schema';
import { authenticate } from '@/lib/auth/guard';
import { signAccessToken } from '@/lib/auth/access-token';
import { resetConfigForTests } from '@/lib/config';
import { PG_ADMIN_URL, pgAdmin, postgresReachable } from '@/tests/helpers/postgres-admin';

const USERS = 2000;
const TOKENS_PER_USER = 10;
const CALLS = Number(process.env.AUTH_BENCH_CALLS ?? 2000);
const ROUNDS = 5;

async function seed(db: Db): Promise<{ userId: number; sessionId: string }[]> {
  const sessions: { userId: number; sessionId: string }[] = [];
  for (let start = 0; start < USERS; start += 500) {
    const rows = await db
      .insert(users)
      .values(Array.from({ length: 500 }, (_, i) => ({ name: `User ${start + i}`, email: `u${start + i}@bench.test`, passwordHash: 'x' })))
      .returning({ id: users.id });
    const tokens = rows.flatMap((r) =>
      Array.from({ length: TOKENS_PER_USER }, (_, k) => {
        const familyId = randomUUID();
        if (k === 0) sessions.push({ userId: r.id, sessionId: familyId });
        return { userId: r.id, familyId, tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000) };
      }),
    );
    for (let i = 0; i < tokens.length; i += 1000) await db.insert(refreshTokens).values(tokens.slice(i, i + 1000));
  }
  return sessions;
}

/** The earlier shape: two round trips. */
async function twoQueries(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user) return false;
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

async function time(fn: (i: number) => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await fn(i);
  const wall = Number(process.hrtime.bigint() - t0) / 1e3 / CALLS;
  const c = process.cpuUsage(cpu0);
  return { wall, cpu: (c.user + c.system) / CALLS };
}

async function measure(name: string, handle: DbHandle): Promise<void> {
  const db = handle.db;
  const sessions = await seed(db);
  const tokens = await Promise.all(sessions.map((s) => signAccessToken({ userId: s.userId, sessionId: s.sessionId })));
  const pick = (i: number) => sessions[(i * 7919) % sessions.length];
  const runs: Record<string, { wall: number; cpu: number }[]> = { 'one-query': [], 'two-queries': [], guard: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs['one-query'].push(await time((i) => findUserWithSession(db, pick(i).userId, pick(i).sessionId)));
    runs['two-queries'].push(await time((i) => twoQueries(db, pick(i).userId, pick(i).sessionId)));
    runs.guard.push(
      await time((i) => {
        const token = tokens[(i * 7919) % tokens.length];
        return authenticate(new Request('http://bench.local/api/users/me/', { headers: { authorization: `Bearer ${token}` } }), db);
      }),
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\n${name}: ${CALLS} calls × ${ROUNDS} rounds, medians per call`);
  const base = median(runs['two-queries'].map((r) => r.wall));
  const baseCpu = median(runs['two-queries'].map((r) => r.cpu));
  for (const [label, list] of Object.entries(runs)) {
    const wall = median(list.map((r) => r.wall));
    const cpu = median(list.map((r) => r.cpu));
    console.log(
      `  ${label.padEnd(12)} wall ${wall.toFixed(0).padStart(5)} µs (${(wall / base).toFixed(2)}× two-queries)   cpu ${cpu.toFixed(0).padStart(5)} µs (${(cpu / baseCpu).toFixed(2)}×)`,
    );
  }
}

process.env.JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123';
resetConfigForTests();

const pglite = await openDb();
await measure('PGlite (in process)', pglite);
await pglite.close();

if (await postgresReachable()) {
  const dbName = `vsg_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = await pgAdmin();
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  const pg = await openDb({ databaseUrl: url.toString() });
  try {
    await measure('PostgreSQL (127.0.0.1, postgres.js)', pg);
  } finally {
    await pg.close();
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end({ timeout: 5 });
  }
} else {
  console.log(`\nPostgreSQL: skipped (no server at ${PG_ADMIN_URL})`);
}
