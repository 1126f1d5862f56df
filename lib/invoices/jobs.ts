import { z } from 'zod';
import { defineJob } from '@/lib/jobs';
import { getDb } from '@/lib/server/database';
import { mailAwaitingInvoices } from './mail-sender';

/** Every ten minutes: the receipts and credit notes whose mail is still unsent (mail-sender.ts). */
export const invoiceMailsJob = defineJob({
  id: 'invoice-mails',
  event: 'invoices/mails.due',
  cron: '*/10 * * * *',
  schema: z.object({}).strict(),
  retries: 2,
  async handler(_payload, io) {
    await io.step('mail', async () => mailAwaitingInvoices(await getDb()));
  },
});
