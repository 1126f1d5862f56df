'use client';

import * as React from 'react';
import { useAlert } from '@/components/dialogs/app-dialogs';
import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import type { LicenseStatus } from '@/lib/client/types';
import { listLicenses, updateLicense, type LicenseRow } from '@/lib/client/admin';
import { AdminListFrame } from './admin-list-frame';
import { LicenseHistoryDialog } from './license-history-dialog';
import { clampPage, matchesSearch, PAGE_SIZE } from './paging';

/** Below the sm breakpoint each row becomes a small card (see user-management.tsx). */
const mobileRow = 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-3';

export function LicenseBadge({ status }: { status: LicenseStatus }) {
  return status === 'active' ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}

/**
 * Admin '/vsg-licenses': each user's ID, e-mail, current licence badge and an Inactive/Active
 * select; a change is PUT to the server and the row is updated from its answer. The list is searched
 * and paged here (the endpoint returns every user).
 */
export function LicenseManagement() {
  const alert = useAlert();
  const [rows, setRows] = React.useState<LicenseRow[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [q, setQ] = React.useState('');
  const [page, setPage] = React.useState(0);
  const [pending, setPending] = React.useState<ReadonlySet<number>>(new Set());
  const [historyFor, setHistoryFor] = React.useState<LicenseRow | null>(null);

  React.useEffect(() => {
    let stale = false;
    void listLicenses().then((result) => {
      if (stale) return;
      if (result.ok) setRows(result.value);
      else setError(result.error);
    });
    return () => {
      stale = true;
    };
  }, []);

  const onSearch = React.useCallback((text: string) => {
    setQ(text);
    setPage(0);
  }, []);

  const filtered = React.useMemo(
    () => (rows ?? []).filter((r) => matchesSearch(q, r.email, r.id)),
    [rows, q],
  );
  const current = clampPage(page, filtered.length);
  const visible = filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);

  async function change(row: LicenseRow, next: LicenseStatus) {
    if (next === row.vsg_license_status) return;
    setPending((s) => new Set(s).add(row.id));
    const result = await updateLicense(row.id, next);
    setPending((s) => {
      const copy = new Set(s);
      copy.delete(row.id);
      return copy;
    });
    if (!result.ok) {
      void alert(`Failed to update license status: ${result.error}`, { title: 'License not updated' });
      return;
    }
    const answer = result.value;
    setRows((list) => (list ?? []).map((r) => (r.id === answer.id ? { ...r, vsg_license_status: answer.vsg_license_status } : r)));
  }

  return (
    <AdminListFrame
      titleId="licenses-title"
      title="Voter Slip Generator - License Management"
      description="Switch each user’s licence for the desktop Voter Slip Generator between Inactive and Active."
      search={{ onSearch, placeholder: 'Search by e-mail or ID', label: 'Search licences by e-mail or user ID' }}
      error={error}
      hideTableOnError
      label="Licenses"
      head={
        <>
          <TableHead className="w-20 pl-4">User ID</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Change Status</TableHead>
          <TableHead className="pr-4 text-right">
            <span className="sr-only">History</span>
          </TableHead>
        </>
      }
      columns={5}
      loading={rows === null}
      rowCount={visible.length}
      empty={q ? `No users match “${q}”.` : 'No users found.'}
      paging={rows !== null ? { page: current, total: filtered.length, onPage: setPage } : null}
      dialogs={<LicenseHistoryDialog row={historyFor} onClose={() => setHistoryFor(null)} />}
    >
      {visible.map((row) => (
        <TableRow key={row.id} data-user-id={row.id} className={mobileRow}>
          <TableCell className="pl-4 tabular-nums text-muted-foreground max-sm:order-3 max-sm:basis-full max-sm:p-0 max-sm:text-xs">
            <span className="sm:hidden">User #</span>
            {row.id}
          </TableCell>
          <TableCell className="font-medium max-sm:order-1 max-sm:min-w-0 max-sm:flex-1 max-sm:p-0 max-sm:break-all max-sm:whitespace-normal">
            {row.email}
          </TableCell>
          <TableCell className="max-sm:order-2 max-sm:p-0">
            <LicenseBadge status={row.vsg_license_status} />
          </TableCell>
          <TableCell className="max-sm:order-4 max-sm:p-0 max-sm:pt-1">
            <Select
              value={row.vsg_license_status}
              onValueChange={(v) => void change(row, v === 'active' ? 'active' : 'inactive')}
              disabled={pending.has(row.id)}
            >
              <SelectTrigger size="sm" className="w-32" aria-label={`License status for ${row.email}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="inactive">Inactive</SelectItem>
                <SelectItem value="active">Active</SelectItem>
              </SelectContent>
            </Select>
          </TableCell>
          <TableCell className="pr-4 text-right max-sm:order-5 max-sm:ml-auto max-sm:p-0 max-sm:pt-1">
            <Button variant="ghost" size="sm" onClick={() => setHistoryFor(row)} aria-label={`License history for ${row.email}`}>
              <History aria-hidden />
              History
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </AdminListFrame>
  );
}
