import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end suite: the SWX server sends its verification mails here through
 * SMTP_URL, exactly as it would to a mail provider, and the tests read the codes from what arrived.
 *
 * Playwright runs tests in several worker processes, but only one process can listen on the port, so the
 * server runs in the runner's process (this file is the suite's globalSetup) and writes each mail to a
 * folder that every worker reads.
 */

/** Fixed, because the SWX server's SMTP_URL is set when the config is read, before any setup runs. */
// Beside the suite's own port (E2E_PORT, default 4173), as every port of a run.
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 3);
export const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;

export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  receivedAt: number;
}

function mailDir(): string {
  const dir = process.env.SWX_E2E_MAIL_DIR;
  if (!dir)
    throw new Error(
      'SWX_E2E_MAIL_DIR is not set: the Playwright config sets it before the mail server starts',
    );
  return dir;
}

// --- a small MIME reader: enough for the plain-text part of the mails nodemailer writes ---------------

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** `=?UTF-8?B?...?=` / `=?UTF-8?Q?...?=` encoded words in a header. */
function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function plainText(raw: string): string {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const texts = parts.map(plainText).filter(Boolean);
    return texts[0] ?? '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeTransfer(body, headers.get('content-transfer-encoding'));
}

export function parseMail(raw: string, to: string[], receivedAt: number): CapturedMail {
  const { headers } = splitHead(raw);
  return { to, subject: decodeHeader(headers.get('subject') ?? ''), text: plainText(raw), receivedAt };
}

// --- the server (runner process) -------------------------------------------------------------------------

export async function startMailCatcher(): Promise<() => Promise<void>> {
  const dir = mailDir();
  fs.mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    // Loopback only, no TLS and no login: the test server accepts whatever the SWX server sends.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const receivedAt = Date.now();
        const file = path.join(dir, `${receivedAt}-${process.pid}-${++sequence}.json`);
        // Written whole under a temporary name, then renamed: a reader never sees half a mail.
        fs.writeFileSync(`${file}.tmp`, JSON.stringify({ raw, to, receivedAt }));
        fs.renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Playwright globalSetup: the mail server lives as long as the test run; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailCatcher();
}

// --- reading mails (test workers) ------------------------------------------------------------------------

export function receivedMails(): CapturedMail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const { raw, to, receivedAt } = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
        raw: string;
        to: string[];
        receivedAt: number;
      };
      return parseMail(raw, to, receivedAt);
    });
}

/** The newest mail to `address` that arrived at or after `since`, waiting for it up to `timeoutMs`. */
export async function waitForMail(
  address: string,
  { since = 0, timeoutMs = 15_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  for (;;) {
    const mail = receivedMails()
      .filter((m) => m.to.includes(wanted) && m.receivedAt >= since)
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit verification code in a mail. */
export function verificationCodeIn(mail: CapturedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}": ${mail.text}`);
  return code;
}
