import { Inngest } from 'inngest';

/**
 * The Inngest client (JOBS_PROVIDER=inngest). Keys come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY
 * (read by the SDK); INNGEST_DEV=1 talks to a local dev server instead of Inngest Cloud.
 */
export const inngest = new Inngest({ id: 'voter-slip-generator' });
