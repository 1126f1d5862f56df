import { PIPELINE_JOBS } from '@/lib/documents/pipeline';
import { toInngestFunction } from './adapter';
import { inngest } from './client';

/** The slip pipeline's jobs as Inngest functions (served at /api/inngest). */
export const functions = PIPELINE_JOBS.map((job) => toInngestFunction(inngest, job as Parameters<typeof toInngestFunction>[1]));
