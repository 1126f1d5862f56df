import { serve } from 'inngest/next';
import { inngest } from '@/lib/jobs/inngest-client';
import { functions } from '@/inngest/functions';

/** Inngest calls the slip pipeline's functions here (JOBS_PROVIDER=inngest); GET lists them. */
export const { GET, POST, PUT } = serve({ client: inngest, functions });
