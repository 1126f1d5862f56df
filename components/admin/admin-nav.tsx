'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { IndianRupee, KeyRound, Users } from 'lucide-react';
import { cn } from '@/lib/utils';

const LINKS = [
  { href: '/admin', label: 'Users', icon: Users, match: (p: string) => p === '/admin' || p.startsWith('/admin/users') },
  { href: '/admin/vsg-licenses', label: 'VSG Licenses', icon: KeyRound, match: (p: string) => p.startsWith('/admin/vsg-licenses') },
  { href: '/admin/payments', label: 'Payments', icon: IndianRupee, match: (p: string) => p.startsWith('/admin/payments') },
] as const;

/** Tabs between the admin screens. */
export function AdminNav() {
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label="Admin" className="flex items-center gap-1 overflow-x-auto border-b border-border">
      <span className="mr-2 hidden text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:inline">Admin</span>
      {LINKS.map(({ href, label, icon: Icon, match }) => {
        const active = match(pathname);
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
              active
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
