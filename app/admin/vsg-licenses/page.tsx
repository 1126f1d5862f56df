import type { Metadata } from 'next';
import { LicenseManagement } from '@/components/admin/license-management';

export const metadata: Metadata = { title: 'License Management' };

export default function AdminLicensesPage() {
  return <LicenseManagement />;
}
