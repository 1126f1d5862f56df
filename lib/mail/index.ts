import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/lib/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

/** The outbox used without RESEND_API_KEY: one JSON line per mail. */
export function outboxPath(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, 'outbox.jsonl');
}

async function appendToOutbox(message: MailMessage, dataDir: string): Promise<void> {
  const line = JSON.stringify({ to: message.to, subject: message.subject, text: message.text, sent_at: new Date().toISOString() });
  await fs.mkdir(dataDir, { recursive: true });
  await fs.appendFile(outboxPath(dataDir), line + '\n', 'utf8');
  console.info(`[mail] no RESEND_API_KEY: "${message.subject}" to ${message.to} written to ${outboxPath(dataDir)}`);
}

async function sendWithResend(message: MailMessage, apiKey: string, from: string): Promise<void> {
  const { Resend } = await import('resend');
  const resend = new Resend(apiKey);
  const { error } = await resend.emails.send({ from, to: message.to, subject: message.subject, text: message.text });
  if (error) throw new MailError(`Resend refused the mail: ${error.message}`);
}

/** Sends a mail with Resend when RESEND_API_KEY is set, else writes it to $DATA_DIR/outbox.jsonl. */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = getConfig();
  if (config.RESEND_API_KEY) {
    await sendWithResend(message, config.RESEND_API_KEY, config.MAIL_FROM);
  } else {
    await appendToOutbox(message, config.dataDir);
  }
}

/**
 * Sends a notice whose failure must not undo what already happened (e.g. a password change): a failure
 * is logged, not thrown.
 */
export async function sendNotice(message: MailMessage, send: (message: MailMessage) => Promise<void> = sendMail): Promise<void> {
  try {
    await send(message);
  } catch (error) {
    console.error(`[mail] the notice "${message.subject}" to ${message.to} could not be sent`, error);
  }
}
