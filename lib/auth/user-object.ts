import type { LicenseStatus, User } from '@/db/schema';

/** The user object every endpoint answers (CONTRACTS.md). */
export interface UserObject {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  is_active: boolean;
  is_admin: boolean;
  vsg_license_status: LicenseStatus;
}

export function toUserObject(user: User): UserObject {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    is_active: user.isActive,
    is_admin: user.isAdmin,
    vsg_license_status: user.vsgLicenseStatus ?? 'inactive',
  };
}
