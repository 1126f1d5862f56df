/**
 * Keeps a form's values (files included) across a trip to the login page: IndexedDB stores File objects
 * as they are (structured clone), which sessionStorage cannot. Where IndexedDB is missing or refuses
 * (private modes, storage full) nothing is kept, and the user simply chooses again.
 */
const DB_NAME = 'vsg-kept-forms';
const STORE = 'forms';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Stores the values under `key`; true when they were kept. */
export async function keepForm(key: string, values: unknown): Promise<boolean> {
  try {
    await run('readwrite', (store) => store.put({ values, kept_at: Date.now() }, key));
    return true;
  } catch (error) {
    console.warn('Could not keep the form for after login.', error);
    return false;
  }
}

/** Returns and forgets the values kept under `key` (null when none, or older than a day). */
export async function takeKeptForm<T>(key: string): Promise<T | null> {
  try {
    const entry = await run<{ values: T; kept_at: number } | undefined>('readonly', (store) => store.get(key));
    if (!entry) return null;
    await run('readwrite', (store) => store.delete(key));
    return Date.now() - entry.kept_at < 24 * 3600 * 1000 ? entry.values : null;
  } catch {
    return null;
  }
}
