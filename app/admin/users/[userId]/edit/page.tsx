import type { Metadata } from 'next';
import { UserEditForm } from '@/components/admin/user-edit-form';

export const metadata: Metadata = { title: 'Edit User' };

export default async function AdminUserEditPage({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return <UserEditForm userId={/^\d+$/.test(userId) ? Number(userId) : -1} />;
}
