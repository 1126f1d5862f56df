import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '@/lib/config';

const sendSpy = vi.fn();
vi.mock('resend', () => ({
  Resend: class {
    emails = { send: sendSpy };
  },
}));

const { sendMail, outboxPath } = await import('@/lib/mail');

describe('mail', () => {
  afterEach(() => {
    delete process.env.RESEND_API_KEY;
    resetConfigForTests();
    sendSpy.mockReset();
  });

  it('without RESEND_API_KEY appends one JSON line per mail to $DATA_DIR/outbox.jsonl', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-mail-'));
    process.env.DATA_DIR = dir;
    delete process.env.RESEND_API_KEY;
    resetConfigForTests();
    await sendMail({ to: 'a@example.test', subject: 'S1', text: 'T1' });
    await sendMail({ to: 'b@example.test', subject: 'S2', text: 'line\nbreak' });
    const lines = fs.readFileSync(outboxPath(dir), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ to: 'b@example.test', subject: 'S2', text: 'line\nbreak' });
    expect(Number.isNaN(Date.parse(lines[0].sent_at))).toBe(false);
    expect(sendSpy).not.toHaveBeenCalled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('with RESEND_API_KEY sends through Resend from MAIL_FROM, and a refusal is an error', async () => {
    process.env.RESEND_API_KEY = 're_test';
    resetConfigForTests();
    sendSpy.mockResolvedValueOnce({ data: { id: '1' }, error: null });
    await sendMail({ to: 'a@example.test', subject: 'S', text: 'T' });
    expect(sendSpy).toHaveBeenCalledWith(expect.objectContaining({ to: 'a@example.test', subject: 'S', text: 'T', from: expect.any(String) }));
    sendSpy.mockResolvedValueOnce({ data: null, error: { message: 'bad domain' } });
    await expect(sendMail({ to: 'a@example.test', subject: 'S', text: 'T' })).rejects.toThrow(/bad domain/);
  });
});
