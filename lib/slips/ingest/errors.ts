/**
 * The one error class ingestion throws for bad input. `message` is a one-line reason meant for
 * the person who uploaded the file (no stack traces, no library jargon).
 */
export type VoterListErrorCode =
  | 'too-large'
  | 'empty'
  | 'unsupported'
  | 'encrypted'
  | 'corrupt'
  | 'no-voters'
  | 'no-header'
  | 'zip-bomb'
  | 'timeout'
  | 'not-found';

export class VoterListError extends Error {
  readonly code: VoterListErrorCode;

  /** `options.cause`: what went wrong underneath, for the logs (the message is what the user reads). */
  constructor(code: VoterListErrorCode, message: string, options?: ErrorOptions) {
    super(message.replace(/\s*\n\s*/g, ' '), options);
    this.name = 'VoterListError';
    this.code = code;
  }
}

/** Whether a worker thread that reads an upload died of its memory limit (Node's code for it, or a message that says so). */
export function workerOutOfMemory(error: Error & { code?: string }): boolean {
  return error.code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory/i.test(error.message);
}
