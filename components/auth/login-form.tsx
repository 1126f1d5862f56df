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
import { readDetail } from '@/lib/client/api';
import { carryEmail, takeCarriedEmail } from '@/lib/client/carried-email';
import { safeReturnTo } from '@/lib/client/return-to';
import type { LoginResponse } from '@/lib/client/types';

const schema = z.object({
  email: z.string().trim().min(1, 'Email is required.').email('Enter a valid email address.'),
  password: z.string().min(1, 'Password is required.'),
});
type Values = z.infer<typeof schema>;

export const LOGIN_REJECTED = 'Invalid email or password.';
export const CONNECTION_FAILED = 'Failed to connect to the server.';

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
    let res: Response;
    try {
      res = await fetch('/api/login', {
        method: 'POST',
        body: new URLSearchParams({ username: values.email, password: values.password }),
      });
    } catch {
      setNotice({ kind: 'error', text: CONNECTION_FAILED });
      return;
    }
    if (!res.ok) {
      // 401 is always the one rejection message; other refusals (deactivated, throttled) say why.
      const text = res.status === 401 ? LOGIN_REJECTED : await readDetail(res, LOGIN_REJECTED);
      setNotice({ kind: 'error', text });
      return;
    }
    try {
      const body = (await res.json()) as LoginResponse;
      await login(body.access_token, body.refresh_token);
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
