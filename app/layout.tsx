import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { Providers } from '@/components/providers';
import { AppShell } from '@/components/shell/app-shell';
import { getSiteFacts } from '@/lib/site';
import './globals.css';

export function generateMetadata(): Metadata {
  const { productName } = getSiteFacts();
  return {
    title: { default: productName, template: `%s · ${productName}` },
    description: 'Useful online tools: voter slip generator, and more coming soon.',
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: dark)', color: '#111827' },
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
  ],
};

/**
 * Reading the request's nonce (set by proxy.ts) makes every page render per request, which a nonce
 * needs: a page prerendered at build time would carry scripts without it.
 */
export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    // next-themes sets the theme class on <html> before hydration; suppress the expected attribute mismatch.
    <html lang="en" suppressHydrationWarning>
      <body>
        <Providers nonce={nonce}>
          <AppShell productName={getSiteFacts().productName}>{children}</AppShell>
        </Providers>
      </body>
    </html>
  );
}
