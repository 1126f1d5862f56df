import { Suspense } from 'react';
import type { Metadata } from 'next';
import { GeneratorPage } from '@/components/generator/generator-page';

export const metadata: Metadata = { title: 'Voter Slip Generator' };

export default function Page() {
  // useSearchParams (the task id in the URL) needs a Suspense boundary for the static shell.
  return (
    <Suspense>
      <GeneratorPage />
    </Suspense>
  );
}
