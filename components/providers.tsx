'use client';

import * as React from 'react';
import { ThemeProvider } from 'next-themes';
import { SessionProvider } from '@/components/session/session-provider';

/**
 * Client providers. Theme: the `dark` class on <html>; the stored choice (localStorage "theme") wins,
 * else the system preference (SPEC §4 Theme).
 */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <SessionProvider>{children}</SessionProvider>
    </ThemeProvider>
  );
}
