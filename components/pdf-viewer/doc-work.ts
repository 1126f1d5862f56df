/**
 * Work in flight on an open pdf.js document: a page being fetched or drawn. A document destroyed while its
 * worker still owes an answer to such a request makes pdf.js fail inside itself ("Worker was terminated",
 * "Cannot resolve callback"), where nothing can catch it; so a viewer that closes its document (a new draft
 * replaced the one it showed) cancels its drawing, waits for this work to end, and only then destroys it.
 */
const work = new WeakMap<object, Set<Promise<unknown>>>();

/** `promise`, counted as work on `doc` until it settles. */
export function tracked<T>(doc: object, promise: Promise<T>): Promise<T> {
  const set = work.get(doc) ?? new Set<Promise<unknown>>();
  work.set(doc, set);
  const done = promise.then(
    () => undefined,
    () => undefined,
  );
  set.add(done);
  void done.then(() => set.delete(done));
  return promise;
}

/** Resolves once every piece of work on `doc` has ended (at once for none, or no document). */
export async function settled(doc: object | null): Promise<void> {
  const set = doc ? work.get(doc) : undefined;
  if (set && set.size > 0) await Promise.all([...set]);
}
