import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon';

export const metadata: Metadata = { title: 'PDF Tools' };

export default function Page() {
  return <ComingSoon link="/pdf-tools" />;
}
