'use client';

import * as React from 'react';
import { useTheme } from 'next-themes';
import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Switches between light and dark; next-themes keeps the choice in localStorage. The theme is unknown
 * on the server, so the icon follows the `dark` class on <html> (set before the page is painted) and
 * the label names the other theme only once mounted: the server's HTML and the first render in the
 * browser are the same.
 */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  const next = resolvedTheme === 'light' ? 'dark' : 'light';
  const label = mounted ? `Switch to ${next} theme` : 'Switch theme';
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} data-testid="theme-toggle" onClick={() => setTheme(next)}>
      <SunIcon className="hidden size-5 dark:block" />
      <MoonIcon className="size-5 dark:hidden" />
    </Button>
  );
}
