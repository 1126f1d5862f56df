import { ZodError } from 'zod';
import { ApiError } from './errors';

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (req: Request, ctx: RouteContext<P>) => Promise<Response>;

/** Human-readable one-line summary of a zod failure, naming the field and why. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : 'request';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
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
