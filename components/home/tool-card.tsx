import Link from 'next/link';
import { ArrowRightIcon, ClockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import type { ToolCard as Tool } from '@/components/home/tools';
import { cn } from '@/lib/utils';

/** One card of the home grid: active → 'Go to Tool' link; coming soon → disabled 'Coming Soon' button. */
export function ToolCard({ tool }: { tool: Tool }) {
  const Icon = tool.icon;
  const active = tool.status === 'active';
  return (
    <Card
      data-testid="tool-card"
      className={cn('h-full gap-4 transition-colors', active ? 'border-primary/40 hover:border-primary/70' : 'opacity-90')}
    >
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <span
            className={cn(
              'flex size-11 items-center justify-center rounded-lg',
              active ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
            )}
          >
            <Icon className="size-6" />
          </span>
          {active ? <Badge variant="success">Available</Badge> : <Badge variant="secondary">Soon</Badge>}
        </div>
        <CardTitle className="pt-2 text-lg">{tool.title}</CardTitle>
        <CardDescription>{tool.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1" />
      <CardFooter>
        {active ? (
          <Button asChild className="w-full">
            <Link href={tool.link}>
              Go to Tool
              <ArrowRightIcon />
            </Link>
          </Button>
        ) : (
          <Button disabled variant="secondary" className="w-full">
            <ClockIcon />
            Coming Soon
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
