import Link from 'next/link';
import type { ReactNode } from 'react';
import { POLICY } from '@/lib/site';

export interface LegalSection {
  /** Anchor id (kebab-case), used by the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** Short lead paragraph(s) under the title. */
  intro?: ReactNode;
  sections: LegalSection[];
  /** Show the numbered table of contents (default true when there are 4+ sections). */
  showToc?: boolean;
}

/**
 * The shared frame of the legal pages: a readable column (~70 characters), the title, the
 * 'Last updated' date, an optional table of contents and numbered sections with anchors.
 * A server component: plain HTML, no client JavaScript.
 */
export function LegalPage({ title, intro, sections, showToc }: LegalPageProps) {
  const toc = showToc ?? sections.length >= 4;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12" aria-labelledby="legal-title">
      <header className="border-b border-border pb-6">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated: <time dateTime="2025-10-18">{POLICY.lastUpdated}</time>
        </p>
        {intro ? <div className="legal-prose mt-4 text-base leading-7 text-foreground/90">{intro}</div> : null}
      </header>

      {toc ? (
        <nav aria-label="Contents" className="mt-6 rounded-lg border border-border bg-muted/40 p-4">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Contents</h2>
          <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2 sm:gap-x-8">
            {sections.map((s) => (
              <li key={s.id} className="pl-1">
                <a href={`#${s.id}`} className="text-foreground/90 underline-offset-4 hover:text-primary hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="mt-8 space-y-10">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-20">
            <h2 id={`${s.id}-title`} className="text-xl font-semibold tracking-tight text-foreground sm:text-2xl">
              <span className="mr-2 text-muted-foreground">{i + 1}.</span>
              {s.title}
            </h2>
            <div className="legal-prose mt-3 text-base leading-7 text-foreground/90">{s.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}

/** Prose building blocks, so each page body stays plain and consistently styled. */
export function P({ children }: { children: ReactNode }) {
  return <p className="mt-3 first:mt-0">{children}</p>;
}

export function UL({ children }: { children: ReactNode }) {
  return <ul className="mt-3 list-disc space-y-1.5 pl-6 marker:text-muted-foreground first:mt-0">{children}</ul>;
}

export function OL({ children }: { children: ReactNode }) {
  return <ol className="mt-3 list-decimal space-y-1.5 pl-6 marker:text-muted-foreground first:mt-0">{children}</ol>;
}

export function H3({ children }: { children: ReactNode }) {
  return <h3 className="mt-5 text-base font-semibold text-foreground first:mt-0">{children}</h3>;
}

const linkClass = 'break-words font-medium text-primary underline underline-offset-4 hover:opacity-80';

/** A link in prose: site paths go through next/link, others (mailto:, tel:) are plain anchors. */
export function A({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}

/** A highlighted statement of a key fact (e.g. the refund window). */
export function KeyFact({ children }: { children: ReactNode }) {
  return (
    <div className="mt-3 rounded-md border-l-4 border-primary bg-primary/10 px-4 py-3 text-foreground first:mt-0">
      {children}
    </div>
  );
}

/** The support reply window ('24-48 hours'), kept on one line so it never breaks at the hyphen. */
export function ReplyWindow() {
  return <span className="whitespace-nowrap">{POLICY.supportReplyHours} hours</span>;
}
