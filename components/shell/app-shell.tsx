'use client';

import * as React from 'react';
import { useSession } from '@/components/session/session-provider';
import { Navbar } from '@/components/shell/navbar';
import { Footer } from '@/components/shell/footer';

/** Navbar + page + footer; renders nothing while the auth state is loading (SPEC §2). */
export function AppShell({ children }: { children: React.ReactNode }) {
  const { loading } = useSession();
  if (loading) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main className="flex w-full flex-1 flex-col">{children}</main>
      <Footer />
    </div>
  );
}
