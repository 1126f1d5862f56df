'use client';

import * as React from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { useRequireAdmin } from '@/components/session/guards';

/**
 * The admin area's client guard: a visitor or a non-admin is sent to / and sees nothing
 * meanwhile. The server checks is_admin on every admin call as well.
 */
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  const admin = useRequireAdmin('/');
  if (!admin) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <AdminNav />
      <div className="mt-6">{children}</div>
    </div>
  );
}
