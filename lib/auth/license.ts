import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { insertLicenseChange, listLicenseChanges } from '@/db/queries/license-changes';
import { findUserById, updateUserRow } from '@/db/queries/users';
import { users, type LicenseStatus, type User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';

/** Sets a user's companion-app licence; a real change is recorded in license_changes (who, when, from, to). */
export async function setLicenseStatus(
  db: Db,
  admin: User,
  targetId: number,
  status: LicenseStatus,
  now: Date = new Date(),
): Promise<{ id: number; vsg_license_status: LicenseStatus }> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw ApiError.notFound('User not found.');
    const from = target.vsgLicenseStatus ?? 'inactive';
    if (from !== status) {
      await updateUserRow(tx, target.id, { vsgLicenseStatus: status });
      await insertLicenseChange(tx, { userId: target.id, changedBy: admin.id, fromStatus: from, toStatus: status, createdAt: now });
    }
    return { id: target.id, vsg_license_status: status };
  });
}

export interface LicenseHistoryEntry {
  id: number;
  from_status: LicenseStatus;
  to_status: LicenseStatus;
  changed_by: number | null;
  changed_by_email: string | null;
  created_at: string;
}

export async function licenseHistory(db: Db, targetId: number): Promise<LicenseHistoryEntry[]> {
  if (!(await findUserById(db, targetId))) throw ApiError.notFound('User not found.');
  const rows = await listLicenseChanges(db, targetId);
  return rows.map((r) => ({
    id: r.id,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    changed_by: r.changedBy,
    changed_by_email: r.changedByEmail,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}
