import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { licenseChanges, users, type LicenseStatus } from '@/db/schema';

export async function insertLicenseChange(
  db: Db,
  values: { userId: number; changedBy: number | null; fromStatus: LicenseStatus; toStatus: LicenseStatus; createdAt?: Date },
): Promise<void> {
  await db.insert(licenseChanges).values(values);
}

export interface LicenseChangeView {
  id: number;
  fromStatus: LicenseStatus;
  toStatus: LicenseStatus;
  changedBy: number | null;
  changedByEmail: string | null;
  createdAt: Date;
}

/** A user's licence history, newest first, with the e-mail of the admin who made each change. */
export async function listLicenseChanges(db: Db, userId: number): Promise<LicenseChangeView[]> {
  const admin = alias(users, 'changer');
  return db
    .select({
      id: licenseChanges.id,
      fromStatus: licenseChanges.fromStatus,
      toStatus: licenseChanges.toStatus,
      changedBy: licenseChanges.changedBy,
      changedByEmail: admin.email,
      createdAt: licenseChanges.createdAt,
    })
    .from(licenseChanges)
    .leftJoin(admin, eq(admin.id, licenseChanges.changedBy))
    .where(eq(licenseChanges.userId, userId))
    .orderBy(desc(licenseChanges.createdAt), desc(licenseChanges.id));
}
