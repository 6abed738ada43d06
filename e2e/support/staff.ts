import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { generateSync } from 'otplib';

/**
 * Staff for the e2e suite (issue 19): staff routes need two-factor sign-in, and a code is accepted once per
 * 30-second step. The bootstrapped admin is therefore enrolled once for the whole run (its secret and a
 * session token kept in the run's data folder, behind a lock so parallel workers agree), and every other
 * member a test needs is created by that admin and enrolled on the spot.
 */
export const adminCredentials = { username: 'admin', password: 'e2e-admin-password-1' };

export type StaffRole = 'reviewer' | 'finance' | 'admin' | 'content';

interface Envelope<T> {
  code: string;
  message: string;
  result: T;
}

/** The six-digit code an authenticator app shows for `secret` now. */
export function totpCode(secret: string): string {
  return generateSync({ secret });
}

async function result<T>(answer: { json(): Promise<unknown> }, what: string): Promise<T> {
  const body = (await answer.json()) as Envelope<T>;
  if (body.code !== '200') throw new Error(`${what}: ${body.code} ${body.message}`);
  return body.result;
}

/** A session of a member who has not enrolled yet, turned into a full one by enrolling now. */
async function enrol(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: token };
  const enrolment = await result<{ secret: string }>(
    await request.post('/swx/admin/totp/enrol', { headers }),
    'enrol',
  );
  await result(
    await request.post('/swx/admin/totp/confirm', { headers, data: { code: totpCode(enrolment.secret) } }),
    'confirm enrolment',
  );
  return enrolment.secret;
}

/** Signs a member in who has never enrolled, enrols them, and answers their (now full) session token. */
export async function signInNewMember(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<{ token: string; secret: string }> {
  const session = await result<{ token: string; totpEnabled: boolean }>(
    await request.post('/swx/admin/login', { data: credentials }),
    `sign in ${credentials.username}`,
  );
  if (session.totpEnabled) throw new Error(`${credentials.username} is enrolled already`);
  return { token: session.token, secret: await enrol(request, session.token) };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The run's admin token: enrolled by the first worker that asks, then shared through the data folder. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const dataDir = process.env.SWX_E2E_DATA_DIR;
  if (!dataDir) throw new Error('SWX_E2E_DATA_DIR is set by playwright.config.ts');
  const file = path.join(dataDir, 'e2e-admin-session.json');
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { token: string }).token;
    try {
      fs.mkdirSync(lock);
    } catch {
      await sleep(100);
      continue;
    }
    try {
      if (!fs.existsSync(file)) {
        const { token, secret } = await signInNewMember(request, adminCredentials);
        fs.writeFileSync(file, JSON.stringify({ token, secret }), { mode: 0o600 });
      }
    } finally {
      fs.rmdirSync(lock);
    }
  }
  throw new Error('The admin session was never written');
}

/** A staff call that must succeed. */
export async function staffCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  apiPath: string,
  data?: unknown,
): Promise<T> {
  const answer = await request.fetch(`/swx/admin${apiPath}`, {
    method,
    headers: { Authorization: token },
    ...(method === 'GET' ? {} : { data: data ?? {} }),
  });
  return result<T>(answer, `${method} ${apiPath}`);
}

/** A new member with these roles (created by the admin), not yet enrolled: they enrol at first sign-in. */
export async function createMember(
  request: APIRequestContext,
  roles: StaffRole[],
  tag: string,
): Promise<{ username: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  const member = { username: `${tag}_${suffix}`.slice(0, 40), password: `pass-${suffix}-9` };
  await staffCall(request, await adminToken(request), 'POST', '/staff', { ...member, roles });
  return member;
}
