import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/** One outgoing e-mail: a plain-text body for every client and an HTML body for those that show it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mails go: SMTP in production, the server log in development, an in-memory list in tests. */
export interface MailTransport {
  deliver(mail: Mail & { from: string }): Promise<void>;
}

export class Mailer {
  constructor(
    private transport: MailTransport,
    readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.transport.deliver({ ...mail, from: this.from });
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

/** Without SMTP_URL (development) the mail, code included, is written to the server log instead. */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async deliver(mail) {
      log.info(
        { mail: { from: mail.from, to: mail.to, subject: mail.subject, text: mail.text } },
        'mail (no SMTP_URL set)',
      );
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

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl && config.nodeEnv === 'production') {
    log.warn('SMTP_URL is not set: verification mails are written to the log and never reach customers');
  }
  return new Mailer(config.smtpUrl ? smtpTransport(config.smtpUrl) : logTransport(log), config.mailFrom);
}
