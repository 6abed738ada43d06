import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../../../http/logging';

test('a wallet sign-up ticket never reaches a log line, in a body or in any logged object', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const ticket = 'wallet-ticket-0123456789abcdefghijklmnopqrstuvwxyz';
  const log = pino(loggerOptions('info'), stream);
  log.info({ body: { ticket, username: 'alice_01' } }, 'sign-up');
  log.info({ signUp: { ticket } }, 'answer');
  const output = lines.join('');
  expect(output).toContain('alice_01');
  expect(output).not.toContain(ticket);
});
