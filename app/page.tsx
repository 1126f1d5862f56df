import { PRODUCT_TAGLINE } from '@/components/shell/brand';
import { getSiteFacts } from '@/lib/site';
import { ToolCard } from '@/components/home/tool-card';
import { TOOLS } from '@/components/home/tools';

export default function HomePage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      <section className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          Welcome to <span className="text-primary">{getSiteFacts().productName}</span>
        </h1>
        <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{PRODUCT_TAGLINE}</p>
      </section>
      <section aria-label="Tools" className="mt-10 grid gap-5 sm:mt-14 sm:grid-cols-2 lg:grid-cols-4">
        {TOOLS.map((tool) => (
          <ToolCard key={tool.link} tool={tool} />
        ))}
      </section>
    </div>
  );
}
