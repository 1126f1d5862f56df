'use client';

import * as React from 'react';
import type { Result } from '@/lib/client/api';
import type { Page } from '@/lib/client/admin';
import { clampPage, PAGE_SIZE } from './paging';

/**
 * One page of a server-paged admin table: loads page `page` (PAGE_SIZE rows) whenever it, `keys` (e.g.
 * the search text) or reload() change; answers that arrive after a newer request are dropped; a page
 * that fell off the end (rows removed elsewhere) steps back to the last page. A failure empties the
 * page and sets `error` to the loader's failure text.
 */
export function usePagedList<T>(
  load: (query: { limit: number; offset: number }) => Promise<Result<Page<T>>>,
  page: number,
  setPage: (page: number) => void,
  keys: readonly unknown[] = [],
) {
  const [items, setItems] = React.useState<T[]>([]);
  const [total, setTotal] = React.useState(0);
  const [loading, setLoading] = React.useState(true);
  const [error, setError] = React.useState<string | null>(null);
  const [reloadKey, setReloadKey] = React.useState(0);
  const loadRef = React.useRef(load);
  loadRef.current = load;

  React.useEffect(() => {
    let stale = false;
    setLoading(true);
    loadRef
      .current({ limit: PAGE_SIZE, offset: page * PAGE_SIZE })
      .then((result) => {
        if (stale) return;
        if (!result.ok) {
          setError(result.error);
          setItems([]);
          setTotal(0);
          return;
        }
        setError(null);
        setItems(result.value.items);
        setTotal(result.value.total);
        const clamped = clampPage(page, result.value.total);
        if (clamped !== page) setPage(clamped);
      })
      .finally(() => {
        if (!stale) setLoading(false);
      });
    return () => {
      stale = true;
    };
    // `keys` are the loader's inputs besides the page; the loader itself is read through a ref.
  }, [page, reloadKey, setPage, ...keys]);

  const reload = React.useCallback(() => setReloadKey((k) => k + 1), []);
  return { items, setItems, total, setTotal, loading, error, reload };
}
