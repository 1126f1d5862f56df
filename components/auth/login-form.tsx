'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormInput } from '@/components/forms/form-input';
import { FormMessage, type FormNotice } from '@/components/forms/form-message';
import { AuthCard } from '@/components/auth/auth-card';
import { useSession } from '@/components/session/session-provider';
import { useRedirectIfLoggedIn } from '@/components/session/guards';
import { CONNECTION_FAILED, logIn } from '@/lib/client/account';
import { carryEmail, takeCarriedEmail } from '@/lib/client/carried-email';
import { safeReturnTo } from '@/lib/client/return-to';

const schema = z.object({
  email: z.string().trim().min(1, 'Email is required.').email('Enter a valid email address.'),
  password: z.string().min(1, 'Password is required.'),
});
type Values = z.infer<typeof schema>;

/** The page login was asked from (`?next=`), or / (read at call time: the page renders per request). */
function returnTo(): string {
  return safeReturnTo(typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('next'));
}

/**
 * Login: form-encoded POST /api/login; success stores the tokens and goes back to the page that
 * sent the user here (`?next=`, e.g. /history or the generator), else to /.
 */
export function LoginForm() {
  const { login } = useSession();
  const router = useRouter();
  const [target, setTarget] = React.useState('/');
  React.useEffect(() => setTarget(returnTo()), []);
  const redirecting = useRedirectIfLoggedIn(target);
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;
  // the e-mail typed at sign-up (or before "Forgot password?") is filled in after hydration
  React.useEffect(() => {
    const email = takeCarriedEmail();
    if (email && !form.getValues('email')) form.setValue('email', email);
  }, [form]);

  async function onSubmit(values: Values) {
    setNotice(null);
    const answer = await logIn(values.email, values.password);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answer.error });
      return;
    }
    try {
      await login(answer.value.access_token, answer.value.refresh_token);
      router.push(returnTo());
    } catch {
      setNotice({ kind: 'error', text: CONNECTION_FAILED });
    }
  }

  if (redirecting && !isSubmitting) return null;

  return (
    <AuthCard
      title="Login"
      description="Welcome back. Log in to use the tools."
      footer={
        <span>
          Don&apos;t have an account?{' '}
          <Link href={target === '/' ? '/signup' : `/signup?next=${encodeURIComponent(target)}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </span>
      }
    >
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormInput form={form} name="email" label="Email Address" type="email" autoComplete="email" inputMode="email" required />
        <div className="grid gap-1">
          <FormInput form={form} name="password" label="Password" type="password" autoComplete="current-password" required />
          <Link href="/forgot-password" onClick={() => carryEmail(form.getValues('email'))} className="justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <FormMessage notice={notice} />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <LoaderCircleIcon className="animate-spin" />}
          Login
        </Button>
      </form>
    </AuthCard>
  );
}
