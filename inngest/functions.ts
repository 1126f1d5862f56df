import { PIPELINE_JOBS } from '@/lib/documents/jobs';
import { toInngestFunction } from './adapter';
import { inngest } from '@/lib/jobs/inngest-client';

/** The slip pipeline's jobs as Inngest functions (served at /api/inngest). */
export const functions = PIPELINE_JOBS.map((job) => toInngestFunction(inngest, job));
