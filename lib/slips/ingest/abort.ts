/**
 * Cancelling a parse (ParseOptions.signal): the parse checks the signal between pages and inside
 * its long loops, and its promise rejects with the signal's reason as soon as it is aborted.
 */

/** Throws the signal's reason (an AbortError DOMException unless the caller gave one) if aborted. */
export function checkAbort(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

/**
 * Settles like `work`, or rejects with the signal's reason the moment it is aborted. `work` keeps
 * running to its end (its own abort checks stop it early); its late failure is swallowed.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
