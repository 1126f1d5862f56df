import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon';

export const metadata: Metadata = { title: 'Invoice Generator' };

export default function Page() {
  return <ComingSoon link="/invoice-generator" />;
}
