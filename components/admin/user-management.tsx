'use client';

import * as React from 'react';
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
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useSession } from '@/components/session/session-provider';
import { cn } from '@/lib/utils';
import { DELETE_USER_CONFIRM, deleteUser, listUsers, type AdminUser } from '@/lib/client/admin';
import { AdminListFrame } from './admin-list-frame';
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
    <AdminListFrame
      titleId="users-title"
      title="User Management"
      description="View, edit and remove user accounts."
      search={{ onSearch, placeholder: 'Search by name or e-mail', label: 'Search users by name or e-mail' }}
      error={error}
      notices={
        deleteError ? (
          <Alert variant="destructive">
            <AlertDescription>{deleteError}</AlertDescription>
          </Alert>
        ) : null
      }
      label="Users"
      head={
        <>
          <TableHead className="w-14 pl-4">ID</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Phone Number</TableHead>
          <TableHead>Active</TableHead>
          <TableHead>Admin</TableHead>
          <TableHead className="pr-4 text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </>
      }
      columns={7}
      loading={loading}
      rowCount={users.length}
      empty={q ? `No users match “${q}”.` : 'No users found.'}
      paging={{ page, total, onPage: setPage }}
      dialogs={
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
      }
    >
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
    </AdminListFrame>
  );
}
