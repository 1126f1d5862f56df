import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { insertOrder } from '@/db/queries/payments';
import { documents, type User } from '@/db/schema';

/** A task whose draft awaits payment, with its open test-mode order (the invoice tests pay it). */
export async function draftAwaitingPayment(db: Db, user: User, amountPaise: number, pages: number) {
  const [doc] = await db
    .insert(documents)
    .values({
      userId: user.id,
      status: 'draft_complete',
      progress: 100,
      options: { page_size: 'A4', orientation: 'portrait', slips_per_page: 8, print_photo: false, booth_address: 'x', voter_list_name: 'list.pdf', banner_name: 'b.png' },
      totalPages: pages,
      amountPaise,
    })
    .returning();
  const order = await insertOrder(db, {
    documentId: doc.id,
    userId: user.id,
    orderId: `order_test_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
    amountPaise,
    currency: 'INR',
    testMode: true,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return { doc, order };
}
