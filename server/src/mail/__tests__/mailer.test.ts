import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Mailer, folderTransport } from '../mailer';

/** A logger that keeps every line it is given, to prove what never reaches it. */
function recordingLog(): FastifyBaseLogger & { lines: string[] } {
  const lines: string[] = [];
  const write = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  return { lines, info: write, warn: write, error: write, debug: write } as unknown as FastifyBaseLogger & {
    lines: string[];
  };
}

test('without SMTP a mail becomes a private .eml file, and the code never reaches the log', async () => {
  const folder = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'swx-outbox-')), 'outbox');
  const log = recordingLog();
  const mailer = new Mailer(folderTransport(folder, log), 'SWX <no-reply@swx.test>');
  await mailer.send({
    to: 'ana@example.com',
    subject: 'Your SWX code',
    text: 'Your verification code is 493817.',
    html: '<p>Your verification code is <b>493817</b>.</p>',
  });
  const [file] = await fs.readdir(folder);
  expect(file).toMatch(/\.eml$/);
  const stored = await fs.readFile(path.join(folder, file!), 'utf8');
  expect(stored).toContain('To: ana@example.com');
  expect(stored).toContain('493817');
  expect((await fs.stat(path.join(folder, file!))).mode & 0o777).toBe(0o600);
  expect(log.lines.join('\n')).not.toContain('493817');
  expect(log.lines.join('\n')).toContain('.eml');
});

test("every mail to a customer opens with their anti-phishing code, in the mail's language, escaped in HTML", async () => {
  const sent: { text: string; html: string; to: string }[] = [];
  const mailer = new Mailer({ deliver: async (mail) => void sent.push(mail) }, 'SWX <no-reply@swx.test>');
  mailer.useAntiPhishing(async (to) => (to === 'ana@example.com' ? 'Tea <b>7' : null));
  await mailer.send({
    to: 'ana@example.com',
    subject: 'x',
    text: 'Body.',
    html: '<!doctype html><html><body><p>Body.</p></body></html>',
    language: 'de',
  });
  await mailer.send({ to: 'bo@example.com', subject: 'x', text: 'Body.', html: '<p>Body.</p>' });
  expect(sent[0]!.text.split('\n')[0]).toBe('Ihr Anti-Phishing-Code: Tea <b>7');
  expect(sent[0]!.html).toContain('<body>\n<p lang="de" dir="ltr" data-anti-phishing');
  expect(sent[0]!.html).toContain('<strong>Tea &lt;b&gt;7</strong>');
  expect(sent[1]!.text).toBe('Body.');
});
