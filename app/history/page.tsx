import type { Metadata } from 'next';
import { HistoryList } from '@/components/history/history-list';

export const metadata: Metadata = { title: 'Task History' };

export default function HistoryPage() {
  return <HistoryList />;
}
