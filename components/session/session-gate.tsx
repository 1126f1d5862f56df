'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { useSession } from '@/components/session/session-provider';

/** Pages whose content does not depend on the session: shown at once, and present in the server HTML. */
export const PUBLIC_PATHS = ['/', '/terms', '/privacy', '/refund-policy', '/contact', '/invoice-generator', '/pdf-tools', '/image-tools'] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
}

/** Renders a session-dependent page only once the session is known; public pages render at once. */
export function SessionGate({ children }: { children: React.ReactNode }) {
  const { loading } = useSession();
  const pathname = usePathname();
  if (loading && !isPublicPath(pathname)) return null;
  return <>{children}</>;
}
