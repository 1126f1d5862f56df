'use client';

import { BillingForm } from '@/components/profile/billing-form';
import { ProfileForm } from '@/components/profile/profile-form';
import { useSession } from '@/components/session/session-provider';
import { useRequireUser } from '@/components/session/guards';

/** /profile: the logged-in user's own profile; a visitor goes to /login. */
export function ProfilePage() {
  const user = useRequireUser();
  const { refreshUser } = useSession();
  if (!user) return null;
  return (
    <div className="flex flex-1 flex-col items-center justify-start gap-6 px-4 py-8 sm:py-12">
      <ProfileForm key={user.id} user={user} onSaved={() => refreshUser().catch(() => undefined)} />
      <BillingForm key={`billing-${user.id}`} />
    </div>
  );
}
