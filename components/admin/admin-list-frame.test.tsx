// @vitest-environment jsdom
import * as React from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { AdminListFrame } from './admin-list-frame';

afterEach(cleanup);

function List(props: Partial<React.ComponentProps<typeof AdminListFrame>> & { rows?: string[] }) {
  const { rows = [], ...rest } = props;
  return (
    <AdminListFrame
      titleId="things-title"
      title="Things"
      description="All the things."
      error={null}
      label="Things"
      head={<TableHead>Name</TableHead>}
      columns={1}
      loading={false}
      rowCount={rows.length}
      empty="No things yet."
      paging={{ page: 0, total: rows.length, onPage: () => undefined }}
      {...rest}
    >
      {rows.map((r) => (
        <TableRow key={r}>
          <TableCell>{r}</TableCell>
        </TableRow>
      ))}
    </AdminListFrame>
  );
}

describe('AdminListFrame', () => {
  it('names the section and the table, and shows the rows and the range', () => {
    render(<List rows={['a', 'b']} />);
    expect(screen.getByRole('region', { name: 'Things' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows skeleton rows while loading, then the empty line', () => {
    const { rerender } = render(<List loading />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    expect(screen.queryByText('No things yet.')).toBeNull();
    rerender(<List />);
    expect(screen.getByText('No things yet.')).toBeTruthy();
  });

  it('shows a load failure above the table, with Retry when offered; a list may leave its table out then', () => {
    let retried = 0;
    const { rerender } = render(<List error="Failed to fetch things." onRetry={() => retried++} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch things.');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(retried).toBe(1);
    expect(screen.queryByText('No things yet.')).toBeNull();
    expect(screen.getByRole('table')).toBeTruthy();
    rerender(<List error="Failed to fetch things." hideTableOnError />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/No results|Showing/)).toBeNull();
  });

  it('puts a search box beside the heading when asked', () => {
    render(<List search={{ onSearch: () => undefined, placeholder: 'Search things', label: 'Search things by name' }} />);
    expect(screen.getByRole('searchbox', { name: 'Search things by name' })).toBeTruthy();
  });
});
