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
import { useRedirectIfLoggedIn } from '@/components/session/guards';
import { readDetail } from '@/lib/client/api';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  email: z.string().trim().min(1, 'Email is required.').email('Enter a valid email address.'),
  phone_number: z.string().trim().min(1, 'Phone number is required.'),
  password: z.string().min(1, 'Password is required.'),
  otp: z.string().trim(),
});
type Values = z.infer<typeof schema>;

export const SIGNUP_SUCCESS = 'Registration successful! Please log in.';
const CONNECTION_FAILED = 'Failed to connect to the server.';

/**
 * SPEC §2/§4 Sign Up: 'Send OTP' first (form-encoded POST /api/send-otp); after success the OTP field
 * appears and the button becomes 'Sign Up' (JSON POST /api/signup); success alerts and goes to /login.
 */
export function SignupForm() {
  const router = useRouter();
  const redirecting = useRedirectIfLoggedIn('/');
  const [otpSent, setOtpSent] = React.useState(false);
  const [sending, setSending] = React.useState(false);
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', phone_number: '', password: '', otp: '' },
  });
  const { isSubmitting } = form.formState;

  async function sendOtp(email: string) {
    setNotice(null);
    setSending(true);
    try {
      const res = await fetch('/api/send-otp', { method: 'POST', body: new URLSearchParams({ email }) });
      if (!res.ok) {
        setNotice({ kind: 'error', text: await readDetail(res, 'Failed to send OTP.') });
        return;
      }
      setOtpSent(true);
      setNotice({ kind: 'success', text: await readDetail(res, `OTP sent to ${email}.`) });
    } catch {
      setNotice({ kind: 'error', text: CONNECTION_FAILED });
    } finally {
      setSending(false);
    }
  }

  async function signUp(values: Values) {
    if (values.otp === '') {
      form.setError('otp', { message: 'Enter the OTP sent to your email.' });
      return;
    }
    setNotice(null);
    let res: Response;
    try {
      res = await fetch('/api/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: values.name,
          email: values.email,
          phone_number: values.phone_number,
          password: values.password,
          otp: values.otp,
        }),
      });
    } catch {
      setNotice({ kind: 'error', text: CONNECTION_FAILED });
      return;
    }
    if (!res.ok) {
      setNotice({ kind: 'error', text: await readDetail(res, 'Failed to sign up.') });
      return;
    }
    window.alert(SIGNUP_SUCCESS);
    router.push('/login');
  }

  async function onSubmit(values: Values) {
    if (otpSent) await signUp(values);
    else await sendOtp(values.email);
  }

  if (redirecting) return null;

  const busy = sending || isSubmitting;
  return (
    <AuthCard
      title="Sign Up"
      description="Create your account. We will email you a one-time code (OTP) to confirm it."
      footer={
        <span>
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Login
          </Link>
        </span>
      }
    >
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormInput form={form} name="name" label="Name" autoComplete="name" required />
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
        <FormInput form={form} name="phone_number" label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" required />
        <FormInput form={form} name="password" label="Password" type="password" autoComplete="new-password" required />
        {otpSent && (
          <FormInput
            form={form}
            name="otp"
            label="OTP"
            hint="Enter the code we emailed you."
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
          />
        )}
        <FormMessage notice={notice} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && <LoaderCircleIcon className="animate-spin" />}
          {otpSent ? 'Sign Up' : 'Send OTP'}
        </Button>
        {otpSent && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="justify-self-center"
            disabled={busy}
            onClick={async () => {
              if (await form.trigger('email')) await sendOtp(form.getValues('email').trim());
            }}
          >
            Resend OTP
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
