import * as React from 'react';
import { Navbar } from '@/components/shell/navbar';
import { Footer } from '@/components/shell/footer';
import { SessionGate } from '@/components/session/session-gate';

/**
 * Navbar + page + footer, rendered on the server so that the public pages (home, legal pages) ship
 * their content in the HTML — readable without JavaScript, by search engines and by Razorpay's review
 * of the merchant site. Only the session-dependent parts wait for the session: the side menu, and the
 * pages behind SessionGate (which renders nothing while the session loads).
 */
export function AppShell({ productName, children }: { productName: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar productName={productName} />
      <main className="flex w-full flex-1 flex-col">
        <SessionGate>{children}</SessionGate>
      </main>
      <Footer productName={productName} />
    </div>
  );
}
