import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getDbHandle } from '@/lib/server/database';
import { ensureAdmin } from '@/lib/auth/admin-bootstrap';
import { emailField, nameField, passwordField } from '@/lib/auth/validation';

const USAGE = 'usage: npm run vsg -- create-admin --email <e> --password <p> [--name <n>]';

const schema = z.object({ email: emailField, password: passwordField, name: nameField.optional() });

/**
 * `vsg create-admin --email e --password p`: creates the admin, or promotes an existing user with that
 * e-mail and sets the given password. Uses DATABASE_URL or the PGlite database in DATA_DIR (which must
 * not be open in a running server).
 */
export async function createAdminCommand(argv: string[]): Promise<number> {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`vsg create-admin: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')} ${i.message}`).join('; ');
    console.error(`vsg create-admin: ${problems}\n${USAGE}`);
    return 2;
  }
  const handle = await getDbHandle();
  try {
    const { user, created } = await ensureAdmin(handle.db, { ...parsed.data, resetPassword: true });
    console.log(`${created ? 'Created' : 'Updated'} admin ${user.email} (id ${user.id}).`);
    return 0;
  } finally {
    await handle.close();
  }
}
