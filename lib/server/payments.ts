import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentsContext } from '@/lib/payments/service';
import { documentsContext } from './jobs';

/** Everything the payment services need, for route handlers. */
export async function paymentsContext(): Promise<PaymentsContext> {
  return { ...(await documentsContext()), gateway: getPaymentGateway() };
}
