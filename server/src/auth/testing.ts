import crypto from 'node:crypto';
import type { TestServer } from '../test/harness';
import { memoryTransport, type Mail } from '../mail/mailer';
import type { SignInMethod } from '@swx/shared/contract';
import { deviceHash, type SignInContext } from './device';

/**
 * Test helpers for every domain that needs a signed-in customer. Mails are captured in memory (the server's
 * mailer gets an in-memory transport), so sign-up goes through the real endpoints, code included.
 */
export function captureMail(server: Pick<TestServer, 'services'>): {
  sent: Mail[];
  codeFor: (email: string) => string;
} {
  const transport = memoryTransport();
  server.services.mailer.useTransport(transport);
  return {
    sent: transport.sent,
    codeFor(email: string) {
      const mail = [...transport.sent].reverse().find((m) => m.to === email.toLowerCase());
      const code = mail && /\b([0-9]{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no verification code was mailed to ${email}`);
      return code;
    },
  };
}

export interface SignedUpCustomer {
  token: string;
  userId: string;
  username: string;
  email: string;
  password: string;
  inviteCode: string;
}

/** Registers a fresh customer through /login/sendCode and /login/register and returns its session. */
export async function signUpCustomer(
  server: Pick<TestServer, 'app' | 'services'>,
  options: { username?: string; email?: string; password?: string; inviteCode?: string } = {},
): Promise<SignedUpCustomer> {
  const suffix = crypto.randomBytes(5).toString('hex');
  const username = options.username ?? `c_${suffix}`;
  const email = options.email ?? `${username.toLowerCase()}@example.com`;
  const password = options.password ?? `pw${suffix}9`;
  const mail = captureMail(server);
  const sent = await server.app.inject({
    method: 'POST',
    url: '/swx/customer/login/sendCode',
    payload: { email, scene: 'register' },
  });
  if (sent.json().code !== '200') throw new Error(`sendCode failed: ${sent.body}`);
  const res = await server.app.inject({
    method: 'POST',
    url: '/swx/customer/login/register',
    payload: {
      username,
      email,
      password,
      confirmPassword: password,
      code: mail.codeFor(email),
      ...(options.inviteCode !== undefined ? { inviteCode: options.inviteCode } : {}),
    },
  });
  const body = res.json();
  if (body.code !== '200') throw new Error(`register failed: ${res.body}`);
  return {
    token: body.result.token,
    userId: body.result.userInfo.id,
    username,
    email,
    password,
    inviteCode: body.result.userInfo.inviteCode,
  };
}

/** A sign-in context for calling the services directly (a fixed test browser and address). */
export function testSignInContext(method: SignInMethod = 'password'): SignInContext {
  return {
    method,
    provider: null,
    address: '127.0.0.x',
    userAgent: 'jest',
    deviceHash: deviceHash('test-device-0000000000000000000000'),
    language: 'en',
  };
}
