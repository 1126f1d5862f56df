import { documentsDeps } from '@/lib/documents/deps';
import type { DocumentsContext } from '@/lib/documents/service';
import { getPaymentGateway, type PaymentGateway } from '@/lib/payments/gateway';
import { getJobDispatcher } from './jobs';

/**
 * Everything a route handler works with, from one place: the database, the file store, the sandbox,
 * the settings, the job dispatcher and the payment gateway. Each part is created once per process by
 * its own module (and closed by the shutdown hooks); the payment gateway only when a handler uses it.
 */
export interface AppContext extends DocumentsContext {
  readonly gateway: PaymentGateway;
}

export async function appContext(): Promise<AppContext> {
  const [deps, jobs] = await Promise.all([documentsDeps(), getJobDispatcher()]);
  return {
    ...deps,
    jobs,
    get gateway() {
      return getPaymentGateway();
    },
  };
}
