'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageCount, rangeLabel } from './paging';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage(page: number): void;
  disabled?: boolean;
}

/** 'Showing 1–20 of 57' with Previous/Next; hidden when everything fits on one page. */
export function Pager({ page, total, pageSize, onPage, disabled }: PagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-muted-foreground">
      <p aria-live="polite">{rangeLabel(page, total, pageSize)}</p>
      {pages > 1 ? (
        <nav aria-label="Pagination" className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={disabled || page <= 0}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <span className="tabular-nums">
            Page {page + 1} of {pages}
          </span>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={disabled || page >= pages - 1}>
            Next
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
