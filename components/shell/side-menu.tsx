'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { FileTextIcon, HistoryIcon, IndianRupeeIcon, KeyRoundIcon, LogInIcon, LogOutIcon, MenuIcon, UserPenIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useSession } from '@/components/session/session-provider';
import { initials } from '@/components/shell/initials';

interface MenuLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

const itemClass =
  'flex h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none';

function MenuItem({ link }: { link: MenuLink }) {
  const Icon = link.icon;
  return (
    <SheetClose asChild>
      <Link href={link.href} className={itemClass}>
        <Icon className="size-4 text-muted-foreground" />
        {link.label}
      </Link>
    </SheetClose>
  );
}

/** The slide-out side menu: account links for a user, Login / Sign Up for a visitor. */
export function SideMenu() {
  const { user, logout, loading } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const [open, setOpen] = React.useState(false);
  const [loggingOut, setLoggingOut] = React.useState(false);

  // Logout goes home first and clears the session there, so a logged-in page's guard does not
  // race the navigation with its own redirect to /login.
  React.useEffect(() => {
    if (loggingOut && pathname === '/') {
      setLoggingOut(false);
      void logout();
    }
  }, [loggingOut, pathname, logout]);

  const userLinks: MenuLink[] = [
    { href: '/voter-slip-generator', label: 'Voter Slip Generator', icon: FileTextIcon },
    { href: '/profile', label: 'Edit Profile', icon: UserPenIcon },
    { href: '/history', label: 'Task History', icon: HistoryIcon },
    ...(user?.is_admin
      ? [
          { href: '/admin', label: 'Users', icon: UsersIcon },
          { href: '/admin/payments', label: 'Payments', icon: IndianRupeeIcon },
          { href: '/admin/vsg-licenses', label: 'VSG Licenses', icon: KeyRoundIcon },
        ]
      : []),
  ];
  const visitorLinks: MenuLink[] = [
    { href: '/login', label: 'Login', icon: LogInIcon },
    { href: '/signup', label: 'Sign Up', icon: UserPlusIcon },
  ];

  function onLogout() {
    setOpen(false);
    setLoggingOut(true);
    if (pathname !== '/') router.push('/');
  }

  // The session-dependent part of the shell: nothing until the session is known.
  if (loading) return <span className="inline-block size-9" aria-hidden data-testid="menu-pending" />;
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" data-testid="menu-button">
          <MenuIcon className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-[85vw] max-w-xs gap-0 sm:max-w-xs" data-testid="side-menu">
        {user ? (
          <SheetHeader className="flex-row items-center gap-3 border-b p-4 pr-12">
            <Avatar className="size-11">
              <AvatarFallback className="bg-primary text-base font-semibold text-primary-foreground">
                {initials(user.name, user.email)}
              </AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <SheetTitle className="truncate" data-testid="menu-user-name">
                {user.name}
              </SheetTitle>
              <SheetDescription className="truncate" data-testid="menu-user-email">
                {user.email}
              </SheetDescription>
            </div>
          </SheetHeader>
        ) : (
          <SheetHeader className="border-b p-4 pr-12">
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription>Log in or create an account to use the tools.</SheetDescription>
          </SheetHeader>
        )}
        <nav aria-label="Account" className="flex flex-col gap-1 p-3">
          {(user ? userLinks : visitorLinks).map((link) => (
            <MenuItem key={link.href} link={link} />
          ))}
          {user && (
            <>
              <Separator className="my-2" />
              <button type="button" onClick={onLogout} className={itemClass}>
                <LogOutIcon className="size-4 text-muted-foreground" />
                Logout
              </button>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
