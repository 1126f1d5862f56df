import type { Metadata } from 'next';
import { PaymentManagement } from '@/components/admin/payment-management';

export const metadata: Metadata = { title: 'Payments' };

export default function AdminPaymentsPage() {
  return <PaymentManagement />;
}
