import Link from 'next/link';
import { ArrowLeftIcon, HourglassIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toolByLink } from '@/components/home/tools';

/** The shared page behind the coming-soon tool cards (their tools have no screens yet). */
export function ComingSoon({ link }: { link: string }) {
  const tool = toolByLink(link);
  const Icon = tool?.icon ?? HourglassIcon;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="justify-items-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
            <Icon className="size-7" />
          </span>
          <CardTitle className="text-2xl">
            <h1>{tool?.title ?? 'Coming Soon'}</h1>
          </CardTitle>
          <CardDescription>{tool?.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <p className="text-sm">
            <span className="font-semibold">Coming soon.</span> We are building this tool right now — check back shortly.
          </p>
          <Button asChild variant="outline" className="justify-self-center">
            <Link href="/">
              <ArrowLeftIcon />
              Back to all tools
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
