import Link from 'next/link';
import { WrenchIcon } from 'lucide-react';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { SideMenu } from '@/components/shell/side-menu';

/** Top bar: brand link to /, theme toggle and the side-menu button. */
export function Navbar({ productName }: { productName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <Link
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="brand-link"
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <WrenchIcon className="size-4" />
          </span>
          <span className="truncate text-base sm:text-lg">{productName}</span>
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <SideMenu />
        </div>
      </div>
    </header>
  );
}
