import { describe, expect, it } from 'vitest';
import { PdfThread } from '@/lib/slips/ingest/engines/pdf-threads';
import type { VoterListError } from '@/lib/slips/ingest/errors';

/**
 * A page read listens for its parser thread's death only while it is read (PdfSession.guard): a
 * listener that has stopped is not called, one still listening is called once, and one added
 * after the death is called at once.
 */
describe('a parser thread’s death', () => {
  it('reaches the listeners still listening, once', async () => {
    const thread = new PdfThread(256);
    const stopped: VoterListError[] = [];
    const listening: VoterListError[] = [];
    const off = thread.onFailure((e) => stopped.push(e));
    thread.onFailure((e) => listening.push(e));
    off();
    thread.kill();
    await expect(thread.failure).rejects.toMatchObject({ code: 'corrupt' });
    expect(stopped).toEqual([]);
    expect(listening).toHaveLength(1);
    const late: VoterListError[] = [];
    thread.onFailure((e) => late.push(e));
    expect(late).toEqual([listening[0]]);
  });
});
