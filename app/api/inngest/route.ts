import { serve } from 'inngest/next';
import { inngest } from '@/lib/jobs/inngest-client';
import { functions } from '@/inngest/functions';
import { ApiError } from '@/lib/api/errors';
import { withApi } from '@/lib/api/handler';
import { getConfig } from '@/lib/config';

/** Inngest calls the slip pipeline's functions here (JOBS_PROVIDER=inngest); GET lists them. */
const inngestHandlers = serve({ client: inngest, functions });

type Method = 'GET' | 'POST' | 'PUT';

/** With the local runner nobody is served here: a plain 404, as for any path that does not exist. */
function onlyWithInngest(method: Method) {
  return withApi(async (req, ctx) => {
    if (getConfig().JOBS_PROVIDER !== 'inngest') throw ApiError.notFound('Not found.');
    return inngestHandlers[method](req as Parameters<(typeof inngestHandlers)[Method]>[0], ctx);
  });
}

export const GET = onlyWithInngest('GET');
export const POST = onlyWithInngest('POST');
export const PUT = onlyWithInngest('PUT');
