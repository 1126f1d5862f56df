import type { Metadata } from 'next';
import { GeneratorPage } from '@/components/generator/generator-page';

export const metadata: Metadata = { title: 'Voter Slip Generator' };

export default function Page() {
  return <GeneratorPage />;
}
