import type { DocumentRow } from '@/db/schema';

/**
 * Whether Resume Processing can help an errored task: not when the file caused the error (a retry would
 * fail the same way; Start Over with another file), except after a payment, which is never left behind.
 */
export function canResume(doc: DocumentRow): boolean {
  return doc.status === 'error' && (doc.errorRetryable !== false || doc.paidAt !== null);
}
