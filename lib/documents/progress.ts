import type { Db } from '@/db/client';
import { updateDocument, type DocumentPatch } from '@/db/queries/documents';
import { JobCancelledError } from '@/lib/jobs';

/**
 * Writes a task's progress from inside a long loop (parse pages, render pages) without a database
 * round trip per page: at most one write per `intervalMs`, the newest value wins, writes never overlap.
 * A write that finds the task gone (cancelled and deleted) aborts the work through `controller`.
 */
export class ProgressReporter {
  private last = 0;
  private pending: DocumentPatch | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly documentId: number,
    private readonly controller: AbortController,
    private readonly intervalMs = 500,
  ) {}

  /** Aborted when the job is, or when a write found the task gone: long work stops on it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Records progress now or soon. */
  report(patch: DocumentPatch): void {
    this.pending = patch;
    const now = Date.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    this.writing = this.writing.then(() => this.write());
  }

  /** Writes the newest value at once (at a stage change) and waits for every earlier write. */
  async set(patch: DocumentPatch): Promise<void> {
    this.pending = patch;
    this.last = Date.now();
    this.writing = this.writing.then(() => this.write());
    await this.writing;
    if (this.controller.signal.aborted) throw this.controller.signal.reason;
  }

  private async write(): Promise<void> {
    const patch = this.pending;
    this.pending = null;
    if (!patch || this.controller.signal.aborted) return;
    try {
      if (!(await updateDocument(this.db, this.documentId, patch))) this.controller.abort(new JobCancelledError('The task was cancelled.'));
    } catch {
      // a missed progress write is not worth failing the job over; the next one carries the newest value
    }
  }
}
