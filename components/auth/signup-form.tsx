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
import { AuthCard } from '@/components/auth/auth-card';
import { useRedirectIfLoggedIn } from '@/components/session/guards';
import { useAlert } from '@/components/dialogs/app-dialogs';
import { sentenceResolver } from '@/components/forms/sentence-resolver';
import { createAccount, sendSignupCode } from '@/lib/client/account';
import { loginHref, safeReturnTo } from '@/lib/client/return-to';
import { carryEmail } from '@/lib/client/carried-email';
import { emailField, nameField, PASSWORD_HINT, passwordField, phoneField } from '@/lib/auth/validation';

/**
 * Every rule the server applies is checked before the code is sent (the same shared field rules), so a
 * 3-letter password is refused at once, not after the OTP is typed.
 */
const schema = z.object({
  name: nameField,
  email: emailField,
  phone_number: phoneField,
  password: passwordField,
  accept_terms: z.boolean().refine((v) => v, 'must be accepted to create an account'),
  otp: z.string().trim(),
});
type Values = z.input<typeof schema>;
const LABELS = {
  name: 'Name',
  email: 'Email',
  phone_number: 'Phone number',
  password: 'Password',
  accept_terms: 'The Terms of Service and Privacy Policy',
} as const;

export const SIGNUP_SUCCESS = 'Registration successful! Please log in.';

/**
 * Sign Up: 'Send OTP' first (form-encoded POST /api/send-otp); after success the OTP field
 * appears and the button becomes 'Sign Up' (JSON POST /api/signup); success alerts and goes to /login.
 */
export function SignupForm() {
  const router = useRouter();
  const alert = useAlert();
  const redirecting = useRedirectIfLoggedIn('/');
  const [otpSent, setOtpSent] = React.useState(false);
  const [sending, setSending] = React.useState(false);
  const [notice, setNotice] = React.useState<FormNotice | null>(null);
  const form = useForm<Values>({
    resolver: sentenceResolver(schema as z.ZodType<Values, Values>, LABELS),
    defaultValues: { name: '', email: '', phone_number: '', password: '', accept_terms: false, otp: '' },
  });
  const { isSubmitting } = form.formState;

  async function sendOtp(email: string) {
    setNotice(null);
    setSending(true);
    const answer = await sendSignupCode(email);
    setSending(false);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answer.error });
      return;
    }
    setOtpSent(true);
    setNotice({ kind: 'success', text: answer.value });
  }

  async function signUp(values: Values) {
    if (values.otp === '') {
      form.setError('otp', { message: 'Enter the OTP sent to your email.' });
      return;
    }
    setNotice(null);
    const { name, email, phone_number, password, otp } = values;
    const answer = await createAccount({ name, email, phone_number, password, otp });
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answer.error });
      return;
    }
    carryEmail(values.email);
    await alert(SIGNUP_SUCCESS, { title: 'Welcome' });
    router.push(loginHref(safeReturnTo(new URLSearchParams(window.location.search).get('next'))));
  }

  async function onSubmit(values: Values) {
    if (otpSent) await signUp(values);
    else await sendOtp(values.email.trim());
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
        <FormInput
          form={form}
          name="phone_number"
          label="Phone Number"
          hint="10-digit mobile number, optionally with +91."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
        />
        <FormInput form={form} name="password" label="Password" hint={PASSWORD_HINT} type="password" autoComplete="new-password" required />
        <TermsCheckbox form={form} />
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

/** "I accept the Terms and Privacy Policy" (both open in a new tab so the form keeps its values). */
function TermsCheckbox({ form }: { form: ReturnType<typeof useForm<Values>> }) {
  const error = form.formState.errors.accept_terms?.message;
  return (
    <div className="grid gap-1">
      <label htmlFor="accept_terms" className="flex items-start gap-2 text-sm leading-snug">
        <input
          id="accept_terms"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'accept_terms-note' : undefined}
          {...form.register('accept_terms')}
        />
        <span>
          I accept the{' '}
          <Link href="/terms" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link href="/privacy" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
          .
        </span>
      </label>
      {error && (
        <p id="accept_terms-note" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
