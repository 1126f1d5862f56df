import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** bytea as Uint8Array on both drivers. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const LICENSE_STATUSES = ['active', 'inactive'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    vsgLicenseStatus: text('vsg_license_status', { enum: LICENSE_STATUSES }).notNull().default('inactive'),
    /** Raised by every password change: file links signed before it stop working. */
    passwordVersion: integer('password_version').notNull().default(0),
    /** Billing details for GST invoices (all optional): the name to bill, a GSTIN, a state code. */
    billingName: text('billing_name'),
    billingGstin: text('billing_gstin'),
    billingStateCode: text('billing_state_code'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Refresh tokens: only a hash is stored; each refresh rotates within a family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // revoking a user's sessions and the cascade on user delete look tokens up by user
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const OTP_PURPOSES = ['signup', 'reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** One-time codes (sign-up and password reset), hashed, short-lived, with limited attempts. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** What the code is for: a sign-up code never resets a password, nor the other way round. */
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull().default('signup'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email)],
);

/** Fixed-window rate-limit counters, shared by every process that uses the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

/** Audit trail of companion-app licence changes. */
export const licenseChanges = pgTable(
  'license_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: LICENSE_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: LICENSE_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('license_changes_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/* ---------------------------------------------------------------------------------------------
 * Slip generation: documents, stored files, background jobs and their step results.
 * ------------------------------------------------------------------------------------------- */

/** The task statuses, in the order a task goes through them. */
export const DOCUMENT_STATUSES = ['pending', 'preprocessing', 'processing', 'generating', 'draft_complete', 'complete', 'error'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The generator form's choices, kept with the task (the file names only for display). */
export interface DocumentOptions {
  page_size: string;
  orientation: string;
  slips_per_page: number;
  print_photo: boolean;
  booth_address: string;
  voter_list_name: string;
  banner_name: string;
  /** Who gets a slip, in what order, how slips look: chosen on the draft screen (validated by lib/slips/choose.ts when read). */
  slips?: Record<string, unknown>;
  /** A task of several lists: the positions of the lists the user left out on the draft screen. */
  excluded_parts?: number[];
  /** Files of an uploaded ZIP that were not voter lists (left out; the draft names them). */
  skipped_files?: string[];
}

/** What a list holds, for the draft screen's choices (lib/slips/overview.ts makes it). */
export interface StoredListOverview {
  language: string;
  sections: { name: string; voters: number }[];
  pollingStations: { name: string; voters: number }[];
  deleted: { serial: number | null; epic: string | null; reason: string | null; page: number }[];
  deletedCount: number;
  supplementAdditions: number;
  /** absent in summaries stored before it was counted */
  correctedEntries?: number;
  withHouseNumber: number;
}

/** What the last render printed: the slips, who was left out and why, and a note when the order asked for could not be kept. */
export interface SlipSummary {
  printed: number;
  deletedLeftOut: number;
  leftOutByChoice: number;
  orderNote: string | null;
}

/** What the parse found, kept small: counts, the roll's facts and at most a bounded list of warnings. */
export interface DocumentParseSummary {
  source: 'pdf' | 'excel';
  voters: number;
  sourcePages: number;
  voterPages: number;
  withoutEpic: number;
  deleted: number;
  /** ParseReport.deletedByReason (absent on tasks read before it was counted) */
  deletedByReason?: Record<string, number>;
  header: Record<string, string | undefined>;
  warnings: { page?: number; message: string }[];
  /** Warnings beyond the ones kept. */
  moreWarnings: number;
  overview?: StoredListOverview;
  /** ParseReport.idsLater: voters of an image-only roll whose IDs a complete parse reads after the draft (absent once read). */
  idsLater?: number;
  /** The late-ids step gave up on them (the complete parse failed): the final slips read them before they are made. */
  idsLaterAtFinal?: true;
}

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('pending'),
    progress: integer('progress').notNull().default(10),
    progressMessage: text('progress_message').notNull().default(''),
    errorMessage: text('error_message'),
    /** The pipeline step that failed (parse, render-draft, render-final); `continue` resumes there. */
    failedStep: text('failed_step'),
    /** False when the error is the input's (a retry cannot help), true for a fault that outlived its retries. */
    errorRetryable: boolean('error_retryable'),
    options: jsonb('options').$type<DocumentOptions>().notNull(),
    voterCount: integer('voter_count'),
    parseSummary: jsonb('parse_summary').$type<DocumentParseSummary>(),
    slipSummary: jsonb('slip_summary').$type<SlipSummary>(),
    totalPages: integer('total_pages'),
    /** Fee in paise (integer), known once the draft is made. */
    amountPaise: integer('amount_paise'),
    /** The id of the job run that works on the task now (the API's `task_id`). */
    taskId: text('task_id'),
    uploadFileId: text('upload_file_id'),
    bannerFileId: text('banner_file_id'),
    votersFileId: text('voters_file_id'),
    draftFileId: text('draft_file_id'),
    finalFileId: text('final_file_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the task ended (complete or error): retention counts from here. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
    /**
     * A task of several voter lists (one per part, a ward or a constituency): how many; null for a task of one
     * list. Such a task keeps each list's files and findings in document_parts, and its own upload and voters
     * columns stay empty.
     */
    partCount: integer('part_count'),
    ...timestamps,
  },
  (t) => [index('documents_user_idx').on(t.userId, t.createdAt), index('documents_ended_idx').on(t.endedAt)],
);

/**
 * One voter list of a task of several (a part, or booth, of a constituency): its upload, what reading it
 * found (or why it could not be read), and its slips once made. `position` is the list's place in the upload.
 */
export const documentParts = pgTable(
  'document_parts',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    uploadFileId: text('upload_file_id'),
    votersFileId: text('voters_file_id'),
    voterCount: integer('voter_count'),
    parseSummary: jsonb('parse_summary').$type<DocumentParseSummary>(),
    /** Why this list could not be read; the task goes on without it. */
    errorMessage: text('error_message'),
    /** The watermarked first pages of this list's slips, made when the draft screen asks for them. */
    draftFileId: text('draft_file_id'),
    /** This list's final slips, until they are put in the task's ZIP. */
    finalFileId: text('final_file_id'),
    pages: integer('pages'),
    /**
     * The process working on this list now (reading it or making its slips) and until when its claim holds:
     * the processes of a task share its lists this way, and a list whose claimer died is taken again.
     */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The processes that read this list and made its final slips. */
    readBy: text('read_by'),
    madeBy: text('made_by'),
    ...timestamps,
  },
  (t) => [uniqueIndex('document_parts_position_idx').on(t.documentId, t.position)],
);

/** Stored files (uploads, voter lists, PDFs): metadata; the bytes live in the storage driver. */
export const storedFiles = pgTable('stored_files', {
  id: text('id').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  contentType: text('content_type').notNull(),
  /** Set when the whole content has been written; a file without it is a partial write. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /**
   * While a write goes on, its writer keeps moving this forward; a partial file whose time has passed was
   * left by a writer that died (a killed process) and is removed.
   */
  writingUntil: timestamp('writing_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set for a file written in pieces (a resumable upload): the size it will have once complete. Until then
   * `size` counts the bytes written so far, and `writer` names the one append at work (held until
   * `writing_until`), so two appends never write the same file at once.
   */
  expectedSize: bigint('expected_size', { mode: 'number' }),
  writer: text('writer'),
});

/** The database storage driver's bytes, in chunks (works on PGlite and PostgreSQL alike). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export const UPLOAD_KINDS = ['voter_list', 'banner'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Resumable (tus) uploads: one row per upload, owned by its user. The bytes are a file written in pieces
 * (stored_files.expected_size); a task takes a finished upload once (taken_at).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file goes, the upload goes with it. */
    fileId: text('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** For display only, never a path. */
    name: text('name').notNull(),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    /** Upload-Length: the size declared when the upload was created. */
    length: bigint('length', { mode: 'number' }).notNull(),
    /** Bytes received so far (a mirror of the file's; the file store's count wins). */
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.takenAt), index('uploads_created_idx').on(t.createdAt)],
);

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The local runner's queue: one row per job run, claimed atomically (FOR UPDATE SKIP LOCKED). */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** A job with the same key is not queued twice (scheduled work). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(4),
    /** Times the job was left running by a process that died (its lease lapsed); the second time ends it. */
    abandons: integer('abandons').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_idx').on(t.dedupeKey)],
);

/** Memoised step results of a job: a finished step is never run again, also after a crash or a resume. */
export const jobSteps = pgTable(
  'job_steps',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    /** How many times the step was started (1 for a step that ran once). */
    runs: integer('runs').notNull().default(0),
    result: jsonb('result').$type<unknown>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.stepId] })],
);

/* ---------------------------------------------------------------------------------------------
 * Payments: Razorpay orders, every payment event, refunds.
 * ------------------------------------------------------------------------------------------- */

export const ORDER_STATUSES = ['created', 'paid', 'flagged'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Razorpay's order id (order_…), or a local one in test mode. */
    orderId: text('order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    testMode: boolean('test_mode').notNull(),
    paymentId: text('payment_id'),
    /** Why a payment was flagged for review (amount or currency mismatch). */
    reviewReason: text('review_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('payment_orders_order_idx').on(t.orderId), index('payment_orders_document_idx').on(t.documentId)],
);

/** Every payment event, whoever caused it: order created, checkout success, each webhook, refunds. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id'),
    documentId: integer('document_id'),
    /** who: a user id, or null for Razorpay (webhooks) and the system */
    actorUserId: integer('actor_user_id'),
    source: text('source', { enum: ['checkout', 'webhook', 'admin', 'system'] }).notNull(),
    kind: text('kind').notNull(),
    /** Razorpay's x-razorpay-event-id for webhooks: the same event is recorded once. */
    eventId: text('event_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_idx').on(t.eventId), index('payment_events_order_idx').on(t.orderId)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    paymentId: text('payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** Sent as Razorpay's X-Refund-Idempotency key: a double click makes one refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    refundId: text('refund_id'),
    status: text('status').notNull().default('pending'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey), index('refunds_order_idx').on(t.orderId)],
);

/**
 * A payment beyond the one that paid its order (a second Checkout, a webhook with another payment id):
 * recorded once per payment id and flagged for refund, refunded at once with AUTO_REFUND_DUPLICATE_PAYMENTS.
 */
export const duplicatePayments = pgTable(
  'duplicate_payments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: text('payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    /** What told us of it first. */
    source: text('source', { enum: ['checkout', 'webhook'] }).notNull(),
    reason: text('reason').notNull(),
    testMode: boolean('test_mode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('duplicate_payments_payment_idx').on(t.paymentId), index('duplicate_payments_order_idx').on(t.orderId)],
);

/* ---------------------------------------------------------------------------------------------
 * GST invoices (one per paid order) and credit notes (one per refund made), numbered per series and
 * financial year without gaps.
 * ------------------------------------------------------------------------------------------- */

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * The last number given in each series and financial year; taken with the invoice in one transaction.
 * Test-mode payments number their own series (`TEST-…`), so a live series never has numbers used by tests.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    financialYear: text('financial_year').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear, t.testMode] })],
);

/** What an issued invoice or credit note said about the supplier (the operator) on its date. */
export interface InvoiceSupplier {
  legalName: string;
  addressLines: string[];
  gstin: string | null;
  stateCode: string | null;
  stateName: string;
  email: string;
  sac: string;
}

/**
 * An issued invoice (or bill of supply) or credit note, with everything it states fixed at issue: a
 * document issued once is never changed, and its PDF is drawn from this row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /** `${prefix}2026-27/000123`: unique across every series. */
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    /** A tax invoice (GSTIN set) or a bill of supply (no tax lines). */
    taxInvoice: boolean('tax_invoice').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: text('order_id').notNull(),
    paymentId: text('payment_id').notNull(),
    /** A credit note: the invoice it corrects and the refund it records. */
    invoiceId: integer('invoice_id'),
    refundId: integer('refund_id'),
    pages: integer('pages'),
    supplier: jsonb('supplier').$type<InvoiceSupplier>().notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerGstin: text('customer_gstin'),
    customerStateCode: text('customer_state_code'),
    /** The place of supply (state code): the customer's state when known, else the operator's. */
    placeOfSupply: text('place_of_supply'),
    rateBp: integer('rate_bp').notNull(),
    totalPaise: integer('total_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    testMode: boolean('test_mode').notNull(),
    /** When its mail (the receipt, or the credit note's) went out; null until then, and the mail sweep tries again. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** Tries to send that mail so far, and when the last one began (a try holds the mail for a while: one sender at a time). */
    mailTries: integer('mail_tries').notNull().default(0),
    mailTriedAt: timestamp('mail_tried_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_series_idx').on(t.kind, t.financialYear, t.testMode, t.serial),
    // one invoice per paid order, one credit note per refund
    uniqueIndex('invoices_order_invoice_idx').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_refund_idx').on(t.refundId),
    index('invoices_document_idx').on(t.documentId),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type DocumentPartRow = typeof documentParts.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type DuplicatePayment = typeof duplicatePayments.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type PaymentOrder = typeof paymentOrders.$inferSelect;
