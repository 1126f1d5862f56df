import fs from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../env';

/** One mail written by the local mail stand-in (lib/mail) to `${E2E_DATA_DIR}/outbox.jsonl`. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

export const OUTBOX_PATH = path.join(E2E_DATA_DIR, 'outbox.jsonl');

/** All mails in the outbox so far (empty when nothing was sent yet). */
export async function readOutbox(): Promise<OutboxMail[]> {
  let raw: string;
  try {
    raw = await fs.readFile(OUTBOX_PATH, 'utf8');
  } catch {
    return [];
  }
  return raw
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMail);
}

/**
 * The newest sign-up code mailed to `email` (a 6-digit number in the text). Polls the outbox until it
 * appears (the mail is written before /api/send-otp answers, but polling keeps the helper robust).
 */
export async function readOtp(email: string, { timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<string> {
  const wanted = email.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox()).filter((mail) => mail.to.trim().toLowerCase() === wanted);
    const code = mails.length > 0 ? /\b(\d{6})\b/.exec(mails[mails.length - 1].text)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No OTP mail to ${email} in ${OUTBOX_PATH} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
