import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { generateSync } from 'otplib';

/**
 * Staff sign-in for specs that use the admin API: password, then a TOTP code (two-factor is required for
 * every staff route). The first sign-in to a fresh server enrols the member's authenticator; the secret and
 * the session are kept in a folder all workers share, so later sign-ins reuse the session and no two specs
 * spend the same code (a code is accepted once). Sign-ins of parallel workers take turns through a lock.
 */
interface Kept {
  secret: string;
  token?: string;
}

const folder = path.join(process.env.SWX_E2E_DATA_DIR ?? os.tmpdir(), 'staff-e2e');

const keyOf = (baseURL: string, username: string) =>
  crypto.createHash('sha256').update(`${baseURL}|${username}`).digest('hex').slice(0, 24);

function read(file: string): Kept | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Kept;
  } catch {
    return undefined;
  }
}

async function locked<T>(run: () => Promise<T>): Promise<T> {
  fs.mkdirSync(folder, { recursive: true });
  const lock = path.join(folder, 'lock');
  for (let waited = 0; ; waited += 100) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock left by a worker that died is taken over after a minute.
      if (waited > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

const codeNow = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function result<T>(answer: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  const body = (await answer.json()) as { code: string; result: T };
  if (body.code !== '200') throw new Error(`${what}: ${JSON.stringify(body)}`);
  return body.result;
}

/** A staff session token (two-factor on) for `credentials` on the server `request` talks to. */
export async function staffSession(
  request: APIRequestContext,
  credentials: { username: string; password: string },
  baseURL = process.env.SWX_E2E_BASE_URL ?? 'default',
): Promise<string> {
  return locked(async () => {
    const file = path.join(folder, `${keyOf(baseURL, credentials.username)}.json`);
    const kept = read(file);
    if (kept?.token) {
      const me = await request.get('/swx/admin/me', { headers: { Authorization: kept.token } });
      if (me.ok() && ((await me.json()) as { result: { totpEnabled: boolean } }).result.totpEnabled)
        return kept.token;
    }
    const login = await result<{ token?: string; totpRequired?: true; ticket?: string }>(
      await request.post('/swx/admin/login', { data: credentials }),
      'staff login',
    );
    if (!login.totpRequired) {
      const token = login.token!;
      const { secret } = await result<{ secret: string }>(
        await request.post('/swx/admin/totp/enrol', { headers: { Authorization: token } }),
        'two-factor enrolment',
      );
      await result(
        await request.post('/swx/admin/totp/confirm', {
          headers: { Authorization: token },
          data: { code: codeNow(secret) },
        }),
        'two-factor confirmation',
      );
      fs.writeFileSync(file, JSON.stringify({ secret, token } satisfies Kept), { mode: 0o600 });
      return token;
    }
    // The secret kept for this server first, then those kept under other names (one database behind two
    // addresses, as in the cluster test).
    const others = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => read(path.join(folder, name))?.secret)
      .filter((secret): secret is string => secret !== undefined && secret !== kept?.secret);
    for (const secret of [...(kept ? [kept.secret] : []), ...others]) {
      // This step's code may be spent already (an enrolment a moment ago): the next step's is accepted too.
      for (const offset of [0, 30]) {
        const answer = await request.post('/swx/admin/login/totp', {
          data: { ticket: login.ticket, code: codeNow(secret, offset) },
        });
        const body = (await answer.json()) as { code: string; result: { token: string } };
        if (body.code === '200') {
          fs.writeFileSync(file, JSON.stringify({ secret, token: body.result.token } satisfies Kept), {
            mode: 0o600,
          });
          return body.result.token;
        }
      }
    }
    throw new Error(`two-factor sign-in failed for ${credentials.username} on ${baseURL}`);
  });
}

// ---- the back office's own tests (staff.spec.ts, fit/staff-screenshots.ts) -------------------------------

/** The first staff account, from ADMIN_USERNAME / ADMIN_PASSWORD in playwright.config.ts. */
export const adminCredentials = { username: 'admin', password: 'e2e-admin-password-1' };

export type StaffRole = 'reviewer' | 'finance' | 'admin' | 'content';

/** The six-digit code an authenticator app shows for `secret` now. */
export function totpCode(secret: string): string {
  return codeNow(secret);
}

/** The run's admin session (enrolled once, shared by every spec through `staffSession`). */
export function adminToken(request: APIRequestContext): Promise<string> {
  return staffSession(request, adminCredentials);
}

/** Signs in a member who has never enrolled, enrols them now, and answers their (now full) session token. */
export async function signInNewMember(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<{ token: string; secret: string }> {
  const session = await result<{ token: string; totpEnabled: boolean }>(
    await request.post('/swx/admin/login', { data: credentials }),
    `sign in ${credentials.username}`,
  );
  if (session.totpEnabled) throw new Error(`${credentials.username} is enrolled already`);
  const headers = { Authorization: session.token };
  const { secret } = await result<{ secret: string }>(
    await request.post('/swx/admin/totp/enrol', { headers }),
    'two-factor enrolment',
  );
  await result(
    await request.post('/swx/admin/totp/confirm', { headers, data: { code: codeNow(secret) } }),
    'two-factor confirmation',
  );
  return { token: session.token, secret };
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

/** A new member with these roles, created by the admin and not yet enrolled: they enrol at first sign-in. */
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
