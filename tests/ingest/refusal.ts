import { expect } from 'vitest';
import { VoterListError } from '@/lib/slips/ingest/errors';

/** The VoterListError a read ends in (the test fails if it ends any other way). */
export async function refusal(p: Promise<unknown>): Promise<VoterListError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoterListError);
  return error as VoterListError;
}
