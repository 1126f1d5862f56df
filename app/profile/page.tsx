import type { Metadata } from 'next';
import { ProfilePage } from '@/components/profile/profile-page';

export const metadata: Metadata = { title: 'Edit Profile' };

export default function Page() {
  return <ProfilePage />;
}
