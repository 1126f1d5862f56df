import type { Metadata } from 'next';
import { ComingSoon } from '@/components/coming-soon';

export const metadata: Metadata = { title: 'Image Tools' };

export default function Page() {
  return <ComingSoon link="/image-tools" />;
}
