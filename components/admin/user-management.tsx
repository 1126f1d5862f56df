'use client';

import * as React from 'react';
import { SkeletonRows } from '@/components/admin/skeleton-rows';
import Link from 'next/link';
import { Pencil, Trash2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSession } from '@/components/session/session-provider';
import { cn } from '@/lib/utils';
import { DELETE_USER_CONFIRM, deleteUser, listUsers, type AdminUser } from '@/lib/client/admin';
import { Pager } from './pager';
import { PAGE_SIZE } from './paging';
import { SearchBox } from './search-box';
import { usePagedList } from './use-paged-list';

/** 'Yes'/'No' badge; on a phone (card layout, no column headers) it is prefixed with its label. */
function YesNo({ value, label }: { value: boolean; label: string }) {
  return (
    <Badge
      variant={value ? 'success' : 'secondary'}
      data-label={`${label}:`}
      className="max-sm:before:content-[attr(data-label)]"
    >
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

/**
 * Below the sm breakpoint each row becomes a small card (one DOM, so tests and screen readers see the
 * same table): name and ID on top, e-mail and phone below, the badges, then the actions.
 */
const mobileRow = 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-3';
const mobileCell = 'max-sm:p-0';
const mobileFull = 'max-sm:basis-full max-sm:whitespace-normal max-sm:break-all';

/**
 * Admin '/': User Management — ID, Name, Email, Phone Number, Active, Admin, Edit, Delete —
 * searchable by name or e-mail and paginated on the server (GET /api/users?q=&limit=&offset=).
 */
export function UserManagement() {
  const { user: me } = useSession();
  const [q, setQ] = React.useState('');
  const [page, setPage] = React.useState(0);
  const {
    items: users,
    setItems: setUsers,
    total,
    setTotal,
    loading,
    error,
    reload,
  } = usePagedList((query) => listUsers({ q, ...query }), page, setPage, [q]);
  const [deleteError, setDeleteError] = React.useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = React.useState<AdminUser | null>(null);
  const [deleting, setDeleting] = React.useState(false);

  const onSearch = React.useCallback((text: string) => {
    setQ(text);
    setPage(0);
  }, []);

  async function confirmDelete() {
    const target = pendingDelete;
    if (!target) return;
    setDeleting(true);
    setDeleteError(null);
    const result = await deleteUser(target.id);
    setDeleting(false);
    setPendingDelete(null);
    if (!result.ok) {
      setDeleteError(result.error);
      return;
    }
    // On success the row is removed at once; then the page is refilled from the server.
    setUsers((rows) => rows.filter((u) => u.id !== target.id));
    setTotal((t) => Math.max(0, t - 1));
    reload();
  }

  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="users-title" className="text-2xl font-bold tracking-tight">
            User Management
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">View, edit and remove user accounts.</p>
        </div>
        <SearchBox onSearch={onSearch} placeholder="Search by name or e-mail" label="Search users by name or e-mail" />
      </div>

      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {deleteError ? (
        <Alert variant="destructive">
          <AlertDescription>{deleteError}</AlertDescription>
        </Alert>
      ) : null}

      <div className="rounded-lg border bg-card">
        <Table aria-label="Users" aria-busy={loading}>
          <TableHeader className="max-sm:hidden">
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-14 pl-4">ID</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Phone Number</TableHead>
              <TableHead>Active</TableHead>
              <TableHead>Admin</TableHead>
              <TableHead className="pr-4 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading && users.length === 0 ? <SkeletonRows columns={7} /> : null}
            {!loading && !error && users.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                  {q ? `No users match “${q}”.` : 'No users found.'}
                </TableCell>
              </TableRow>
            ) : null}
            {users.map((u) => {
              const isMe = me?.id === u.id;
              return (
                <TableRow key={u.id} data-user-id={u.id} className={mobileRow}>
                  <TableCell className={cn('pl-4 tabular-nums text-muted-foreground max-sm:order-2', mobileCell)}>
                    <span className="sm:hidden">#</span>
                    {u.id}
                  </TableCell>
                  <TableCell className={cn('font-medium max-sm:order-1 max-sm:whitespace-normal', mobileCell)}>
                    {u.name}
                    {isMe ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
                  </TableCell>
                  <TableCell className={cn('max-sm:order-3', mobileCell, mobileFull)}>{u.email}</TableCell>
                  <TableCell className={cn('tabular-nums max-sm:order-4 max-sm:text-muted-foreground', mobileCell, mobileFull)}>
                    {u.phone_number || '—'}
                  </TableCell>
                  <TableCell className={cn('max-sm:order-5', mobileCell)}>
                    <YesNo value={u.is_active} label="Active" />
                  </TableCell>
                  <TableCell className={cn('max-sm:order-6', mobileCell)}>
                    <YesNo value={u.is_admin} label="Admin" />
                  </TableCell>
                  <TableCell className={cn('pr-4 max-sm:order-7 max-sm:basis-full max-sm:pt-1', mobileCell)}>
                    <div className="flex justify-end gap-2 max-sm:justify-start">
                      <Button asChild variant="outline" size="sm">
                        <Link href={`/admin/users/${u.id}/edit`} aria-label={`Edit ${u.email}`}>
                          <Pencil aria-hidden />
                          Edit
                        </Link>
                      </Button>
                      <Button
                        variant="destructive"
                        size="sm"
                        onClick={() => setPendingDelete(u)}
                        disabled={isMe}
                        title={isMe ? 'You cannot delete your own account here.' : undefined}
                        aria-label={`Delete ${u.email}`}
                      >
                        <Trash2 aria-hidden />
                        Delete
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>

      <Pager page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} disabled={loading} />

      <AlertDialog open={pendingDelete !== null} onOpenChange={(open) => (!open && !deleting ? setPendingDelete(null) : undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete user</AlertDialogTitle>
            <AlertDialogDescription>{DELETE_USER_CONFIRM}</AlertDialogDescription>
          </AlertDialogHeader>
          {pendingDelete ? (
            <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm break-all">
              <span className="font-medium">{pendingDelete.name}</span>
              <span className="text-muted-foreground"> · {pendingDelete.email}</span>
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => void confirmDelete()}
              disabled={deleting}
            >
              {deleting ? 'Deleting…' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
