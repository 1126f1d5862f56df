'use client';

import * as React from 'react';
import { ThemeProvider } from 'next-themes';
import { z } from 'zod';
import { SessionProvider } from '@/components/session/session-provider';
import { DialogsProvider } from '@/components/dialogs/app-dialogs';

// zod compiles fast parsers with new Function when eval is allowed, and probes for it first: under our
// Content-Security-Policy (no 'unsafe-eval') the probe is a policy violation. Parse without it.
z.config({ jitless: true });

/**
 * Client providers. Theme: the `dark` class on <html>; the stored choice (localStorage "theme") wins,
 * else the system preference. Its inline script runs under the request's CSP nonce.
 */
export function Providers({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <SessionProvider>
        <DialogsProvider>{children}</DialogsProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
