import { VoterListError, type VoterListErrorCode } from '@/lib/slips/ingest/errors';
import { BannerError, LayoutError, SlipInputError } from '@/lib/slips/render/errors';
import { describeMb, describeSeconds, type SandboxLimits } from './limits';

/** Which limit a sandbox process broke. */
export type SandboxBreach = 'memory' | 'cpu' | 'time' | 'stall' | 'output';

/** What a task does with its file, for messages: "This file could not be read" / "The slips could not be made". */
export type TaskSubject = 'read' | 'render';

function opening(subject: TaskSubject): string {
  return subject === 'read' ? 'This file could not be read' : 'The slips could not be made from this file';
}

function breachReason(breach: SandboxBreach, limits: Pick<SandboxLimits, 'memoryMb' | 'cpuSeconds' | 'timeoutSeconds' | 'stallSeconds' | 'outputMb'>, subject: TaskSubject): string {
  switch (breach) {
    case 'memory':
      return `it expands to more than ${describeMb(limits.memoryMb)} of memory, far beyond what a voter list needs`;
    case 'cpu':
      return `it needed more than ${describeSeconds(limits.cpuSeconds)} of processing`;
    case 'time':
      return `it took longer than ${describeSeconds(limits.timeoutSeconds)} to ${subject === 'read' ? 'read' : 'process'}`;
    case 'stall':
      return `one of its pages took longer than ${describeSeconds(limits.stallSeconds)} to ${subject === 'read' ? 'read' : 'copy'} (a page drawn in an unusual way)`;
    case 'output':
      return `it would make a file larger than ${describeMb(limits.outputMb)}`;
  }
}

const ADVICE = 'Check that it is the roll or list as published, or split it into smaller files, and try again.';

/**
 * A sandbox process broke one of its hard limits and was stopped: the input is the cause (a file that
 * expands, loops or freezes its reader), so no retry can help. The message is for the person who uploaded it.
 */
export class SandboxLimitError extends Error {
  constructor(
    readonly breach: SandboxBreach,
    limits: Pick<SandboxLimits, 'memoryMb' | 'cpuSeconds' | 'timeoutSeconds' | 'stallSeconds' | 'outputMb'>,
    subject: TaskSubject,
  ) {
    super(`${opening(subject)}: ${breachReason(breach, limits, subject)}. ${ADVICE}`);
    this.name = 'SandboxLimitError';
  }
}

/**
 * A sandbox process ended without a known cause (killed from outside, a crash in native code). It may be
 * the input or the machine, so the pool runs the task once more in a new process; a second crash on the
 * same work is the input's (`repeated`), and no retry can help.
 */
export class SandboxCrashError extends Error {
  constructor(
    readonly detail: string,
    readonly subject: TaskSubject,
    readonly repeated: boolean,
  ) {
    super(
      repeated
        ? `${opening(subject)}: the ${subject === 'read' ? 'reader' : 'slip maker'} stopped twice on it. It may be damaged or built in a way we cannot handle. ${ADVICE}`
        : `The ${subject === 'read' ? 'reader' : 'slip maker'} stopped unexpectedly (${detail}).`,
    );
    this.name = 'SandboxCrashError';
  }
}

/**
 * An error thrown inside a sandbox task that is none of the domain's own (a fault in our code on this
 * input): the user gets a plain message, the detail goes to the log.
 */
export class SandboxTaskError extends Error {
  constructor(
    readonly detail: string,
    subject: TaskSubject,
  ) {
    super(`${opening(subject)}: it is damaged or built in a way we cannot handle. ${ADVICE}`);
    this.name = 'SandboxTaskError';
  }
}

/**
 * A fault of the machine rather than the file (disk full, too many open files) met inside a sandbox task:
 * worth a retry later.
 */
export class SandboxTransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxTransientError';
  }
}

/**
 * A sandbox process could not start (its runtime missing or broken, the machine out of processes): a
 * fault of the installation or the machine, never the file's, so the job is retried later.
 */
export class SandboxStartError extends SandboxTransientError {
  constructor(detail: string) {
    super(`The file reader could not start (${detail}).`);
    this.name = 'SandboxStartError';
  }
}

/** An error as it crosses from the sandbox process to its parent (structured, no stack for domain errors). */
export type WireError =
  | { name: 'VoterListError'; code: VoterListErrorCode; message: string }
  | { name: 'LayoutError' | 'BannerError' | 'SlipInputError'; message: string }
  | { name: 'breach'; breach: SandboxBreach; message: string }
  | { name: 'transient'; message: string }
  | { name: 'unexpected'; message: string };

const TRANSIENT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE', 'EAGAIN', 'EIO']);
const MEMORY_FAILURE = /out of memory|allocation failed|could not allocate|cannot allocate memory|heap limit|bad_alloc|memory limit of the (pdf|spreadsheet) reader/i;

/** Child side: any thrown value → its wire form. */
export function toWire(error: unknown): WireError {
  if (error instanceof VoterListError) return { name: 'VoterListError', code: error.code, message: error.message };
  if (error instanceof LayoutError) return { name: 'LayoutError', message: error.message };
  if (error instanceof BannerError) return { name: 'BannerError', message: error.message };
  if (error instanceof SlipInputError) return { name: 'SlipInputError', message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EFBIG') return { name: 'breach', breach: 'output', message };
  if (error instanceof RangeError && MEMORY_FAILURE.test(message)) return { name: 'breach', breach: 'memory', message };
  if (MEMORY_FAILURE.test(message)) return { name: 'breach', breach: 'memory', message };
  if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return { name: 'transient', message };
  return { name: 'unexpected', message: error instanceof Error && error.stack ? error.stack : message };
}

/** Parent side: the wire form → the error the caller handles (domain errors keep their class). */
export function fromWire(wire: WireError, limits: SandboxLimits, subject: TaskSubject): Error {
  switch (wire.name) {
    case 'VoterListError':
      return new VoterListError(wire.code, wire.message);
    case 'LayoutError':
      return new LayoutError(wire.message);
    case 'BannerError':
      return new BannerError(wire.message);
    case 'SlipInputError':
      return new SlipInputError(wire.message);
    case 'breach':
      return new SandboxLimitError(wire.breach, limits, subject);
    case 'transient':
      return new SandboxTransientError(wire.message);
    case 'unexpected':
      return new SandboxTaskError(wire.message, subject);
  }
}

/** Whether a dead process's last words (stderr) say it ran out of memory. */
export function stderrSaysMemory(stderr: string): boolean {
  return MEMORY_FAILURE.test(stderr);
}
