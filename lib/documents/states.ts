import type { DocumentRow, DocumentStatus } from '@/db/schema';
import { DEFAULT_SLIP_CHOICES, slipChoicesSchema, type SlipChoices } from '@/lib/slips/choose';

/** The statuses in which a task is still being worked on by a job. */
export const RUNNING_STATUSES = ['pending', 'preprocessing', 'processing', 'generating'] as const satisfies readonly DocumentStatus[];

/**
 * Each move of a task between statuses, named, with the statuses it may start from. A move is one
 * compare-and-set (`transitionDocument`): a task that meanwhile went elsewhere (cancelled, paid, failed)
 * is left as it is, and the caller learns so.
 */
export const TRANSITIONS = {
  /** the new task's job has started: its run id is kept */
  queued: ['pending'],
  /** the voter list was read: the voters file and the summary */
  parsed: ['preprocessing', 'processing'],
  /** the draft is made (also when a resume found the parse already done) */
  draftDone: [...RUNNING_STATUSES, 'error'],
  /** facts read after the draft (a legacy-font cover) change the voters only while the task waits at its draft */
  draftAmended: ['draft_complete'],
  /** a verified payment: the final render starts */
  paid: ['draft_complete'],
  /** the final slips are made */
  finalDone: ['generating', 'draft_complete', 'error'],
  /** a run ended failed */
  failed: RUNNING_STATUSES,
  /** Resume Processing */
  resumed: ['error'],
  /** a resumed task's run id */
  resumedRunning: RUNNING_STATUSES,
  /** delete: an unpaid task that stopped with an error (its row and files go; a paid one is resumed or refunded, never deleted) */
  deleted: ['error'],
  /** cancel: an unpaid task that is running or waits at its draft */
  cancelled: [...RUNNING_STATUSES, 'draft_complete'],
  /** new slip choices: the draft is made again (from its draft, or from an error the choices caused) */
  rechosen: ['draft_complete', 'error'],
} as const satisfies Record<string, readonly DocumentStatus[]>;

/**
 * Whether Resume Processing can help an errored task: not when the file caused the error (a retry would
 * fail the same way; Start Over with another file), except after a payment, which is never left behind.
 */
export function canResume(doc: DocumentRow): boolean {
  return doc.status === 'error' && (doc.errorRetryable !== false || doc.paidAt !== null);
}

/** The task's slip choices as stored, or the defaults (a task made before choices existed, or stored ones no longer valid). */
export function slipChoicesOf(doc: DocumentRow): SlipChoices {
  const parsed = slipChoicesSchema.safeParse(doc.options.slips ?? {});
  return parsed.success ? parsed.data : DEFAULT_SLIP_CHOICES;
}

/** Whether a task's voter list (or every list of a task of several) has been read. */
export function isListRead(doc: Pick<DocumentRow, 'votersFileId' | 'partCount' | 'voterCount'>): boolean {
  return doc.votersFileId !== null || (doc.partCount !== null && doc.voterCount !== null);
}
