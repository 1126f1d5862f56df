'use client';

import * as React from 'react';
import { RotateCcw } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { Pager } from './pager';
import { PAGE_SIZE } from './paging';
import { SearchBox } from './search-box';
import { SkeletonRows } from './skeleton-rows';

interface AdminListFrameProps {
  /** id of the page heading, which labels the section. */
  titleId: string;
  title: string;
  description: React.ReactNode;
  /** A search box beside the heading. */
  search?: { placeholder: string; label: string; onSearch(q: string): void };
  /** Why the list could not be loaded. */
  error: string | null;
  /** Offers Retry beside the load failure. */
  onRetry?: () => void;
  /** A failed load shows only its message, no table or pager (a list that comes in one answer has no rows to keep). */
  hideTableOnError?: boolean;
  /** Messages under the load failure: an action's failure or outcome. */
  notices?: React.ReactNode;
  /** The table's accessible name. */
  label: string;
  /** The header cells (TableHead), hidden on a phone where each row is a card. */
  head: React.ReactNode;
  columns: number;
  loading: boolean;
  /** Rows on this page: none shows skeleton rows while loading, else `empty`. */
  rowCount: number;
  empty: string;
  /** The table rows. */
  children: React.ReactNode;
  /** The page shown and the total; null shows no pager. */
  paging: { page: number; total: number; onPage(page: number): void } | null;
  /** Dialogs the list opens. */
  dialogs?: React.ReactNode;
}

/**
 * The frame every admin list shares: heading and search, the load failure and notices, the table with
 * skeleton rows while it loads and a line when it is empty, and the pager ('Showing 1–20 of 57').
 */
export function AdminListFrame({
  titleId,
  title,
  description,
  search,
  error,
  onRetry,
  hideTableOnError = false,
  notices,
  label,
  head,
  columns,
  loading,
  rowCount,
  empty,
  children,
  paging,
  dialogs,
}: AdminListFrameProps) {
  const heading = (
    <div>
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
    </div>
  );
  const showTable = !(error && hideTableOnError);

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      {search ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {heading}
          <SearchBox onSearch={search.onSearch} placeholder={search.placeholder} label={search.label} />
        </div>
      ) : (
        heading
      )}

      {error ? (
        onRetry ? (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
            <AlertDescription>{error}</AlertDescription>
            <Button variant="outline" size="sm" onClick={onRetry} disabled={loading}>
              <RotateCcw aria-hidden />
              Retry
            </Button>
          </Alert>
        ) : (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )
      ) : null}
      {notices}

      {showTable ? (
        <div className="rounded-lg border bg-card">
          <Table aria-label={label} aria-busy={loading}>
            <TableHeader className="max-sm:hidden">
              <TableRow className="hover:bg-transparent">{head}</TableRow>
            </TableHeader>
            <TableBody>
              {loading && rowCount === 0 ? <SkeletonRows columns={columns} /> : null}
              {!loading && !error && rowCount === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={columns} className="py-8 text-center text-muted-foreground">
                    {empty}
                  </TableCell>
                </TableRow>
              ) : null}
              {children}
            </TableBody>
          </Table>
        </div>
      ) : null}

      {showTable && paging ? <Pager page={paging.page} total={paging.total} pageSize={PAGE_SIZE} onPage={paging.onPage} disabled={loading} /> : null}

      {dialogs}
    </section>
  );
}
