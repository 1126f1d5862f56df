/**
 * A byte source that yields one piece, then waits for `release` before yielding it a second time: a write
 * held open part-way, as a slow or stalled upload holds it. `written` settles once the first piece is taken.
 */
export function heldSource(piece: Uint8Array) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let wrote = () => {};
  const written = new Promise<void>((resolve) => (wrote = resolve));
  async function* source() {
    yield piece;
    wrote();
    await released;
    yield piece;
  }
  return { source: source(), written, release };
}
