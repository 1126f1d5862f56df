import type { User } from '@/db/schema';
import { authenticate } from '@/lib/auth/guard';
import { appContext, type AppContext } from '@/lib/server/context';
import { parseIdParam } from '@/lib/api/params';
import { ApiError } from './errors';
import { withApi } from './handler';

type Route<P> = (req: Request, route: { params: Promise<P> }) => Promise<Response>;

/** What an authenticated handler is given: the app's context, the caller, their session and the route's parameters. */
export interface Authed<P, Id = undefined> {
  ctx: AppContext;
  user: User;
  sessionId: string;
  params: P;
  /** The route's `[id]`, parsed (a 400 naming it when it is not a positive whole number). */
  id: Id;
}

type AuthedHandler<P, Id> = (req: Request, authed: Authed<P, Id>) => Promise<Response>;

function authedRoute<P, Id>(admin: boolean, idName: string | null, handler: AuthedHandler<P, Id>): Route<P> {
  return withApi<P>(async (req, { params }) => {
    const ctx = await appContext();
    const { user, sessionId } = await authenticate(req, ctx.db);
    if (admin && !user.isAdmin) throw ApiError.forbidden('Admin access is required.');
    const parsed = await params;
    const id = (idName === null ? undefined : parseIdParam((parsed as { id?: string }).id, idName)) as Id;
    return handler(req, { ctx, user, sessionId, params: parsed, id });
  });
}

/** A handler for a signed-in user (401 otherwise); with an id name, the route's `[id]` is parsed first. */
export function withUser<P = Record<string, string>>(handler: AuthedHandler<P, undefined>): Route<P>;
export function withUser(idName: string, handler: AuthedHandler<{ id: string }, number>): Route<{ id: string }>;
export function withUser<P>(a: string | AuthedHandler<P, undefined>, b?: AuthedHandler<P, number>): Route<P> {
  return typeof a === 'string' ? authedRoute(false, a, b!) : authedRoute(false, null, a);
}

/** A handler for an admin (401 without a valid token, 403 for a non-admin); with an id name, as withUser. */
export function withAdmin<P = Record<string, string>>(handler: AuthedHandler<P, undefined>): Route<P>;
export function withAdmin(idName: string, handler: AuthedHandler<{ id: string }, number>): Route<{ id: string }>;
export function withAdmin<P>(a: string | AuthedHandler<P, undefined>, b?: AuthedHandler<P, number>): Route<P> {
  return typeof a === 'string' ? authedRoute(true, a, b!) : authedRoute(true, null, a);
}

/** A handler that needs no sign-in but the app's context (login, sign-up, webhooks). */
export function withContext<P = Record<string, string>>(handler: (req: Request, route: { ctx: AppContext; params: P }) => Promise<Response>): Route<P> {
  return withApi<P>(async (req, { params }) => handler(req, { ctx: await appContext(), params: await params }));
}
