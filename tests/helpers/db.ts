import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDb, type Db, type DbHandle } from '@/db/client';
import { PG_ADMIN_URL, postgresReachable } from './postgres-admin';

/**
 * Integration suites run twice: on PGlite in memory and on a real PostgreSQL server
 * (a fresh database per run, dropped afterwards). PG_TEST_URL points at the server's admin database.
 */
const pgAvailable = await postgresReachable();
if (!pgAvailable && process.env.CI) {
  throw new Error(`PostgreSQL is required in CI for the integration tests and was not reachable at ${PG_ADMIN_URL}.`);
}

async function openFreshPostgres(): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const name = `vsg_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export type DbTarget = 'pglite' | 'postgres';

/**
 * `describeEachDb('auth', (ctx) => { it(..., async () => { const db = ctx.db; ... }) })`
 * runs the body once per database target, each with its own fresh database.
 */
export function describeEachDb(title: string, body: (ctx: { readonly db: Db; readonly target: DbTarget }) => void): void {
  const targets: { target: DbTarget; open: () => Promise<DbHandle>; skip: boolean }[] = [
    { target: 'pglite', open: () => openDb(), skip: false },
    { target: 'postgres', open: openFreshPostgres, skip: !pgAvailable },
  ];
  for (const { target, open, skip } of targets) {
    // Skipped only off CI, when no PostgreSQL server runs on this machine (the reason is in the title).
    const suite = skip ? describe.skip : describe;
    suite(`${title} [${target}${skip ? ': PostgreSQL not reachable at ' + PG_ADMIN_URL : ''}]`, () => {
      let handle: DbHandle | undefined;
      const ctx = {
        get db(): Db {
          if (!handle) throw new Error('database not open yet');
          return handle.db;
        },
        target,
      };
      beforeAll(async () => {
        handle = await open();
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(ctx);
    });
  }
}
