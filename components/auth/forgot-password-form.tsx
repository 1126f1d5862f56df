'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormInput } from '@/components/forms/form-input';
import { FormMessage, type FormNotice } from '@/components/forms/form-message';
import { sentenceResolver } from '@/components/forms/sentence-resolver';
import { AuthCard } from '@/components/auth/auth-card';
import { useAlert } from '@/components/dialogs/app-dialogs';
import { confirmPasswordReset, requestPasswordReset } from '@/lib/client/account';
import type { Result } from '@/lib/client/api';
import { carryEmail, takeCarriedEmail } from '@/lib/client/carried-email';
import { emailField, PASSWORD_HINT, passwordField } from '@/lib/auth/validation';

const schema = z.object({ email: emailField, otp: z.string().trim(), password: z.string() });
type Values = z.input<typeof schema>;
const LABELS = { email: 'Email' } as const;

export const PASSWORD_RESET_DONE = 'Your password has been changed and every session has been signed out. Please log in with the new password.';

/**
 * Forgot password: the e-mail first (POST /api/password-reset/request, the same answer whether or not an
 * account exists); then the e-mailed code and a new password (POST /api/password-reset/confirm), after
 * which every session has ended and the user logs in again.
 */
export function ForgotPasswordForm() {
  const router = useRouter();
  const alert = useAlert();
  const [codeSent, setCodeSent] = React.useState(false);
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const form = useForm<Values>({
    resolver: sentenceResolver(schema as z.ZodType<Values, Values>, LABELS),
    defaultValues: { email: '', otp: '', password: '' },
  });
  const { isSubmitting } = form.formState;
  // the e-mail already typed on the login form
  React.useEffect(() => {
    const email = takeCarriedEmail();
    if (email && !form.getValues('email')) form.setValue('email', email);
  }, [form]);

  /** The call's success text, or null once its failure is shown. */
  async function shown(call: Promise<Result<string>>): Promise<string | null> {
    setNotice(null);
    const answer = await call;
    if (answer.ok) return answer.value;
    setNotice({ kind: 'error', text: answer.error });
    return null;
  }

  async function requestCode(email: string) {
    const detail = await shown(requestPasswordReset(email));
    if (detail === null) return;
    setCodeSent(true);
    setNotice({ kind: 'success', text: detail });
  }

  async function onSubmit(values: Values) {
    const email = values.email.trim();
    if (!codeSent) return requestCode(email);
    if (!/^[0-9]{6}$/.test(values.otp.trim())) {
      form.setError('otp', { message: 'Enter the 6-digit code from the e-mail.' });
      return;
    }
    const checked = passwordField.safeParse(values.password);
    if (!checked.success) {
      form.setError('password', { message: `New password ${checked.error.issues[0].message}.` });
      return;
    }
    const detail = await shown(confirmPasswordReset(email, values.otp.trim(), values.password));
    if (detail === null) return;
    carryEmail(email);
    await alert(PASSWORD_RESET_DONE, { title: 'Password changed' });
    router.push('/login');
  }

  return (
    <AuthCard
      title="Reset password"
      description="We will e-mail you a code to set a new password."
      footer={
        <span>
          Remembered it?{' '}
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Login
          </Link>
        </span>
      }
    >
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormInput form={form} name="email" label="Email Address" type="email" autoComplete="email" inputMode="email" required readOnly={codeSent} />
        {codeSent && (
          <>
            <FormInput form={form} name="otp" label="Code" hint="The 6-digit code we e-mailed you." inputMode="numeric" autoComplete="one-time-code" required autoFocus />
            <FormInput form={form} name="password" label="New Password" hint={PASSWORD_HINT} type="password" autoComplete="new-password" required />
          </>
        )}
        <FormMessage notice={notice} />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <LoaderCircleIcon className="animate-spin" />}
          {codeSent ? 'Set new password' : 'Send code'}
        </Button>
        {codeSent && (
          <Button type="button" variant="link" size="sm" className="justify-self-center" disabled={isSubmitting} onClick={() => requestCode(form.getValues('email').trim())}>
            Send a new code
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
