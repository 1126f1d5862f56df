import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type DbHandle } from '@/db/client';
import { setDbForTests } from '@/lib/server/database';
import { fileChunks, storedFiles } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import { purgeExpiredFiles } from '@/lib/documents/retention';
import { createFileStore, FILE_WRITE_HOLD_MS } from '@/lib/files';
import { bootstrapServer } from '@/lib/server/bootstrap';
import { resetJobsForTests } from '@/lib/server/jobs';
import { closeSandbox } from '@/lib/sandbox';
import { PG_ADMIN_URL, pgAdmin, postgresReachable } from '@/tests/helpers/postgres-admin';

/**
 * A file store write killed mid-way (kill -9 of the process writing a PDF) leaves a partial file: its
 * record without `completed_at`, and its bytes on disk or its first chunks in the database. These tests
 * kill a real writer process and check that start-up and the retention job remove what it left.
 */
const CHILD = path.resolve(__dirname, 'fixtures/endless-put.ts');
const pgAvailable = await postgresReachable();

type DbKind = 'pglite' | 'postgres';
type StoreKind = 'disk' | 'database';

/** Runs the writer until it has written a few chunks, then kills it with SIGKILL; answers the file's id. */
async function killWriterMidWrite(env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const id = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the writer did not start writing: ${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /writing ([0-9a-f-]{36})/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before writing: ${output}`)));
  });
  child.kill('SIGKILL');
  await exited;
  return id;
}

function diskPath(dataDir: string, id: string): string {
  return path.join(dataDir, 'files', id.slice(0, 2), id);
}

/** What the store still holds of a file: its record, its bytes on disk, its chunks in the database. */
async function leftOf(db: Db, dataDir: string, id: string) {
  const [record] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(fileChunks).where(eq(fileChunks.fileId, id));
  const file = diskPath(dataDir, id);
  return { record: record ?? null, diskBytes: fs.existsSync(file) ? fs.statSync(file).size : null, chunks: n };
}

const ENV_KEYS = ['DATA_DIR', 'FILES_STORE', 'DATABASE_URL', 'JWT_SECRET', 'JOBS_PROVIDER', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'NODE_ENV', 'VSG_JOBS_POLL_MS'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

function useEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>): void {
  const env = process.env as Record<string, string | undefined>;
  for (const key of ENV_KEYS) {
    const value = key in values ? values[key] : savedEnv[key];
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  resetConfigForTests();
}

for (const dbKind of ['pglite', 'postgres'] as DbKind[]) {
  for (const storeKind of ['disk', 'database'] as StoreKind[]) {
    const skip = dbKind === 'postgres' && !pgAvailable;
    const suite = skip ? describe.skip : describe;
    suite(`a write killed mid-way [${dbKind}, ${storeKind} store${skip ? `: PostgreSQL not reachable at ${PG_ADMIN_URL}` : ''}]`, () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-partial-'));
      let databaseUrl = '';
      let dropDatabase = async () => {};
      let handle: DbHandle | undefined;

      beforeAll(async () => {
        if (dbKind === 'postgres') {
          const name = `vsg_partial_${Date.now()}_${randomBytes(3).toString('hex')}`;
          const admin = await pgAdmin();
          await admin.unsafe(`create database ${name}`);
          await admin.end({ timeout: 5 });
          const url = new URL(PG_ADMIN_URL);
          url.pathname = `/${name}`;
          databaseUrl = url.toString();
          handle = await openDb({ databaseUrl });
          dropDatabase = async () => {
            const admin2 = await pgAdmin();
            await admin2.unsafe(`drop database if exists ${name} with (force)`);
            await admin2.end({ timeout: 5 });
          };
        }
      });

      afterEach(async () => {
        // start-up keeps a sandbox process warm: stop it with the jobs
        await closeSandbox();
        await resetJobsForTests();
        setDbForTests(undefined);
        useEnv({});
      });

      afterAll(async () => {
        await handle?.close();
        await dropDatabase();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it('is removed at start-up (the embedded database: at once) or by the retention job once its hold has run out', async () => {
        const env = {
          DATA_DIR: dataDir,
          FILES_STORE: storeKind,
          DATABASE_URL: databaseUrl,
          JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
          JOBS_PROVIDER: 'local',
          ADMIN_EMAIL: undefined,
          ADMIN_PASSWORD: undefined,
          NODE_ENV: 'test',
          VSG_JOBS_POLL_MS: '60000',
        };
        const id = await killWriterMidWrite({ ...process.env, ...env } as NodeJS.ProcessEnv);
        handle ??= await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
        const db = handle.db;

        const before = await leftOf(db, dataDir, id);
        expect(before.record).toMatchObject({ completedAt: null });
        if (storeKind === 'disk') expect(before.diskBytes).toBeGreaterThan(2 * 1024 * 1024);
        else expect(before.chunks).toBeGreaterThanOrEqual(2);

        useEnv(env);
        setDbForTests(db);
        await bootstrapServer();
        await resetJobsForTests();
        if (dbKind === 'postgres') {
          // Another process sharing the database could still be writing it: kept while its hold lasts...
          expect((await leftOf(db, dataDir, id)).record).not.toBeNull();
          // ...and removed by the retention job once the hold has run out.
          await purgeExpiredFiles({ db, store: createFileStore(db), config: { RETENTION_DAYS: 30 } as never }, new Date(Date.now() + FILE_WRITE_HOLD_MS + 1000));
        }
        expect(await leftOf(db, dataDir, id)).toEqual({ record: null, diskBytes: null, chunks: 0 });
      });
    });
  }
}
