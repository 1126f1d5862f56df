'use client';

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormInput } from '@/components/forms/form-input';
import { FormMessage, type FormNotice } from '@/components/forms/form-message';
import { PROFILE_UPDATE_EXCEPTION, PROFILE_UPDATED, updateUser } from '@/lib/client/users';
import type { CurrentUser } from '@/lib/client/types';

const schema = z.object({
  name: z.string(),
  phone_number: z.string(),
  password: z.string(),
});
export type ProfileValues = z.infer<typeof schema>;

/** The profile form: nothing is required; the password is sent only when non-empty. */
export function profilePayload(values: ProfileValues): { name: string; phone_number: string; password?: string } {
  const payload: { name: string; phone_number: string; password?: string } = {
    name: values.name.trim(),
    phone_number: values.phone_number.trim(),
  };
  if (values.password !== '') payload.password = values.password;
  return payload;
}


interface ProfileFormProps {
  /** The user being edited (the current user on /profile; any user in the admin area). */
  user: CurrentUser;
  /** Called with the updated user object after a successful save. */
  onSaved?: (user: CurrentUser) => void | Promise<void>;
  title?: string;
  description?: string;
}

/** Edit Profile form: Name, Phone Number, New Password → PUT /api/users/{id}. */
export function ProfileForm({ user, onSaved, title = 'Edit Profile', description }: ProfileFormProps) {
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const form = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, phone_number: user.phone_number, password: '' },
  });
  const { isSubmitting } = form.formState;

  async function onSubmit(values: ProfileValues) {
    setNotice(null);
    const answer = await updateUser(user.id, profilePayload(values));
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answer.error });
      return;
    }
    const saved = answer.value;
    form.reset({ name: saved?.name ?? values.name, phone_number: saved?.phone_number ?? values.phone_number, password: '' });
    setNotice({ kind: 'success', text: PROFILE_UPDATED });
    if (!saved || !onSaved) return;
    try {
      await onSaved(saved);
    } catch {
      setNotice({ kind: 'error', text: PROFILE_UPDATE_EXCEPTION });
    }
  }

  return (
    <Card className="w-full max-w-[480px]" data-testid="profile-card">
      <CardHeader>
        <CardTitle className="text-2xl">{title}</CardTitle>
        <CardDescription className="break-all">{description ?? user.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
          <FormInput form={form} name="name" label="Name" autoComplete="name" />
          <FormInput form={form} name="phone_number" label="Phone Number" type="tel" inputMode="tel" autoComplete="tel" />
          <FormInput form={form} name="password" label="New Password" hint="Leave blank to keep the current password." type="password" autoComplete="new-password" />
          <FormMessage notice={notice} />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting && <LoaderCircleIcon className="animate-spin" />}
            Update Profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
