import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { withAntiPhishing } from './anti-phishing';
import type { Mail } from './mail';

export type { Mail } from './mail';

/** The anti-phishing code of the customer an address belongs to, if they set one (security domain). */
export type AntiPhishingLookup = (to: string) => Promise<string | null>;

/** Where mails go: SMTP in production, a folder of `.eml` files in development, an in-memory list in tests. */
export interface MailTransport {
  deliver(mail: Mail & { from: string }): Promise<void>;
}

/**
 * Sends every customer e-mail. This is the one place mails leave, so the customer's anti-phishing code is
 * added here, to each of them, whatever composed it.
 */
export class Mailer {
  private antiPhishing: AntiPhishingLookup | undefined;

  constructor(
    private transport: MailTransport,
    readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    const code = await this.antiPhishing?.(mail.to);
    const sent = code ? withAntiPhishing(mail, code) : mail;
    await this.transport.deliver({
      to: sent.to,
      subject: sent.subject,
      text: sent.text,
      html: sent.html,
      from: this.from,
    });
  }

  /** Where the anti-phishing code of a recipient comes from (the composition root hands it down). */
  useAntiPhishing(lookup: AntiPhishingLookup): void {
    this.antiPhishing = lookup;
  }

  /** Swaps where mails go; tests use it to read the codes the server sends. */
  useTransport(transport: MailTransport): void {
    this.transport = transport;
  }
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(mail) {
      await transporter.sendMail(mail);
    },
  };
}

/**
 * Without SMTP_URL (development, the quick start) each mail is written as an `.eml` file into `folder`,
 * readable by this user only. The log says where, never what: a verification code is a secret.
 */
export function folderTransport(folder: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async deliver(mail) {
      const { message } = (await transporter.sendMail(mail)) as { message: Buffer };
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await fs.writeFile(file, message, { mode: 0o600 });
      log.info({ file }, 'mail written to the outbox folder (no SMTP_URL set)');
    },
  };
}

/** Keeps mails in memory; for tests. */
export function memoryTransport(): MailTransport & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async deliver(mail) {
      sent.push(mail);
    },
  };
}

/** The slice of the server's configuration the mailer reads (SMTP_URL, MAIL_FROM, NODE_ENV, DATA_DIR). */
export interface MailConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  nodeEnv: 'production' | 'development' | 'test';
  dataDir: string;
}

/** Where mails go without SMTP: the `outbox` folder under the data folder. */
export function outboxFolder(config: Pick<MailConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return new Mailer(smtpTransport(config.smtpUrl), config.mailFrom);
  const folder = outboxFolder(config);
  if (config.nodeEnv === 'production') {
    log.warn(
      { folder },
      'SMTP_URL is not set: mails are written to the outbox folder and never reach customers',
    );
  }
  return new Mailer(folderTransport(folder, log), config.mailFrom);
}
