import Link from 'next/link';

const FOOTER_LINKS = [
  { href: '/terms', label: 'Terms & Conditions' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/refund-policy', label: 'Cancellation & Refund' },
  { href: '/contact', label: 'Contact Us' },
] as const;

/** Footer with the legal links . */
export function Footer({ productName }: { productName: string }) {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <nav aria-label="Legal" className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className="hover:text-foreground hover:underline underline-offset-4">
              {link.label}
            </Link>
          ))}
        </nav>
        <p>
          © {new Date().getFullYear()} {productName}
        </p>
      </div>
    </footer>
  );
}
