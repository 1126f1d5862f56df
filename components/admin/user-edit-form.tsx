'use client';

import * as React from 'react';
import Link from 'next/link';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ArrowLeft } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useSession } from '@/components/session/session-provider';
import { getUser, type AdminUser } from '@/lib/client/admin';
import { PROFILE_UPDATED, updateUser, type UserUpdate } from '@/lib/client/users';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** Nothing is required here: the server judges each value and its refusal is shown. */
const schema = z.object({
  name: z.string(),
  phone: z.string(),
  password: z.string(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
});
type Values = z.infer<typeof schema>;

/**
 * Admin '/users/{userId}/edit': the profile form (Name, Phone Number, New Password — blank keeps
 * it) for any user, plus the Active and Admin switches. PUT /api/users/{id}, with the profile's messages.
 */
export function UserEditForm({ userId }: { userId: number }) {
  const { user: me, refreshUser } = useSession();
  const [loaded, setLoaded] = React.useState<AdminUser | null>(null);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [message, setMessage] = React.useState<Message>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', phone: '', password: '', isActive: true, isAdmin: false },
  });
  const saving = form.formState.isSubmitting;

  React.useEffect(() => {
    let stale = false;
    if (!Number.isInteger(userId) || userId <= 0) {
      setLoadError('User not found.');
      return;
    }
    void getUser(userId).then((result) => {
      if (stale) return;
      if (!result.ok) {
        setLoadError(result.error);
        return;
      }
      const u = result.value;
      form.reset({ name: u.name, phone: u.phone_number ?? '', password: '', isActive: u.is_active, isAdmin: u.is_admin });
      setLoaded(u);
    });
    return () => {
      stale = true;
    };
  }, [form, userId]);

  const editingSelf = me?.id === userId;

  async function onSubmit(values: Values) {
    setMessage(null);
    const update: UserUpdate = { name: values.name, phone_number: values.phone };
    if (values.password !== '') update.password = values.password;
    // An admin cannot lock themselves out from this screen: their own switches are not sent.
    if (!editingSelf) {
      update.is_active = values.isActive;
      update.is_admin = values.isAdmin;
    }
    const result = await updateUser(userId, update);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error });
      return;
    }
    form.setValue('password', '');
    const saved = result.value;
    if (saved) {
      setLoaded(saved);
      form.setValue('isActive', saved.is_active);
      form.setValue('isAdmin', saved.is_admin);
    }
    setMessage({ kind: 'success', text: PROFILE_UPDATED });
    if (editingSelf) void refreshUser().catch(() => undefined);
  }

  return (
    <div className="mx-auto w-full max-w-xl space-y-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/admin">
          <ArrowLeft aria-hidden />
          Back to users
        </Link>
      </Button>

      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl font-bold tracking-tight">Edit User</h1>
          </CardTitle>
          <CardDescription>
            {loaded ? (
              <span className="break-all">
                User #{loaded.id} · {loaded.email}
              </span>
            ) : (
              `User #${userId}`
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loadError ? (
            <Alert variant="destructive">
              <AlertDescription>{loadError}</AlertDescription>
            </Alert>
          ) : !loaded ? (
            <div className="space-y-4" aria-busy="true" aria-label="Loading user">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : (
            <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate>
              <div className="space-y-2">
                <Label htmlFor="edit-name">Name</Label>
                <Input id="edit-name" {...form.register('name')} autoComplete="off" />
              </div>
              <div className="space-y-2">
                <Label htmlFor="edit-phone">Phone Number</Label>
                <Input id="edit-phone" type="tel" inputMode="tel" {...form.register('phone')} autoComplete="off" />
              </div>
              <div className="space-y-2">
                <Label htmlFor="edit-password">New Password</Label>
                <Input
                  id="edit-password"
                  type="password"
                  {...form.register('password')}
                  autoComplete="new-password"
                  aria-describedby="edit-password-hint"
                />
                <p id="edit-password-hint" className="text-xs text-muted-foreground">
                  Leave blank to keep current password.
                </p>
              </div>

              <fieldset className="space-y-3 rounded-md border p-4">
                <legend className="px-1 text-sm font-medium">Access</legend>
                <div className="flex items-center justify-between gap-4">
                  <div className="space-y-1">
                    <Label htmlFor="edit-active">Active</Label>
                    <p id="edit-active-hint" className="text-xs text-muted-foreground">
                      Inactive users cannot log in.
                    </p>
                  </div>
                  <Controller
                    control={form.control}
                    name="isActive"
                    render={({ field }) => (
                      <Switch id="edit-active" aria-describedby="edit-active-hint" checked={field.value} onCheckedChange={field.onChange} disabled={editingSelf} />
                    )}
                  />
                </div>
                <div className="flex items-center justify-between gap-4">
                  <div className="space-y-1">
                    <Label htmlFor="edit-admin">Admin</Label>
                    <p id="edit-admin-hint" className="text-xs text-muted-foreground">
                      Admins can manage users and licences.
                    </p>
                  </div>
                  <Controller
                    control={form.control}
                    name="isAdmin"
                    render={({ field }) => (
                      <Switch id="edit-admin" aria-describedby="edit-admin-hint" checked={field.value} onCheckedChange={field.onChange} disabled={editingSelf} />
                    )}
                  />
                </div>
                {editingSelf ? (
                  <p className="text-xs text-muted-foreground">You cannot change your own access from here.</p>
                ) : null}
              </fieldset>

              {message ? (
                <Alert variant={message.kind === 'success' ? 'success' : 'destructive'}>
                  <AlertDescription>{message.text}</AlertDescription>
                </Alert>
              ) : null}

              <Button type="submit" className="w-full" disabled={saving}>
                {saving ? 'Updating…' : 'Update Profile'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
