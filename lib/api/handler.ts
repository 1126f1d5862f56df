import { ZodError } from 'zod';
import { ApiError } from './errors';
import { asSentence, fieldSentence } from './sentences';
import './zod-messages';

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (req: Request, ctx: RouteContext<P>) => Promise<Response>;

const FIELD_LABELS: Record<string, string> = {
  otp: 'OTP',
  booth_address: 'Polling station address',
  q: 'Search',
  slips_per_page: 'Slips per page',
  print_photo: 'Print photos',
  razorpay_payment_id: 'Payment id',
  razorpay_order_id: 'Order id',
  razorpay_signature: 'Payment signature',
  idempotency_key: 'Refund key',
  email: 'E-mail',
  username: 'E-mail',
  phone_number: 'Phone number',
  vsg_license_status: 'License status',
  lang: 'Language',
  num: 'Number of suggestions',
};

/** "phone_number" → "Phone number"; a nested path keeps its last field. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const last = String(path[path.length - 1]);
  const label = FIELD_LABELS[last] ?? last.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * A message written as a whole sentence ends with a full stop ("Please enter the polling station
 * address."); a predicate ("must be at least 8 characters") starts with a small letter. Anything else is
 * zod's own text, which is never shown (the process's error map gives predicates; see zod-messages.ts).
 */
function isWholeSentence(message: string): boolean {
  return /[.!?]$/.test(message.trim());
}

function isPredicate(message: string): boolean {
  return /^[a-z]/.test(message.trim());
}

function issueSentence(issue: ZodError['issues'][number]): string {
  const named = issue.path.length > 0;
  if (isWholeSentence(issue.message)) return asSentence(issue.message);
  const rule = isPredicate(issue.message) ? issue.message : 'is not valid';
  return named ? fieldSentence(fieldLabel(issue.path), rule) : fieldSentence('The request body', rule);
}

/**
 * A zod failure as sentences a person can read, naming the field and why: field rules are written as
 * predicates ("must be at least 8 characters"), so the detail reads "Password must be at least 8 characters."
 * A rule written as a whole sentence ("Please enter the polling station address.") is given as it is.
 */
export function describeZodError(error: ZodError): string {
  return error.issues.map(issueSentence).join(' ');
}

export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return Response.json({ detail: error.message }, { status: error.status, headers: error.headers });
  }
  if (error instanceof ZodError) {
    return Response.json({ detail: describeZodError(error) }, { status: 422 });
  }
  console.error('[api] unexpected error', error);
  return Response.json({ detail: 'Something went wrong on our side. Please try again.' }, { status: 500 });
}

/**
 * Wraps a route handler: thrown ApiError / ZodError / anything else become JSON `{detail}` answers
 * with honest status codes; unexpected errors are logged once and never leak a stack trace.
 */
export function withApi<P = Record<string, string>>(handler: Handler<P>): Handler<P> {
  return async (req, ctx) => {
    try {
      return await handler(req, ctx);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
