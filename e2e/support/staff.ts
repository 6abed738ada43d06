import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { generateSync } from 'otplib';

/**
 * Staff sign-in for specs that use the admin API: password, then a TOTP code (two-factor is required for
 * every staff route). The first sign-in to a fresh server does what the back office asks of a new member:
 * a password of their own in place of the temporary one (a member an admin created), then enrolment; the
 * password, secret and session are kept in a folder all workers share, so later sign-ins reuse the session
 * and no two specs spend the same code (a code is accepted once). Sign-ins of parallel workers take turns
 * through a lock.
 */
interface Kept {
  secret: string;
  token?: string;
  /** The password the member chose at the forced first change. */
  password?: string;
  recoveryCodes?: string[];
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

/** What a test member chooses when the back office asks for a password of their own (zxcvbn score 3+). */
export const chosenPassword = (username: string) => `Quartz-${username}-lantern-73`;

async function result<T>(answer: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  const body = (await answer.json()) as { code: string; result: T };
  if (body.code !== '200') throw new Error(`${what}: ${JSON.stringify(body)}`);
  return body.result;
}

const write = (file: string, kept: Kept) => fs.writeFileSync(file, JSON.stringify(kept), { mode: 0o600 });

/** Signs in (the caller holds the lock): the kept session if it still works, else the whole first sign-in. */
async function signInHoldingLock(
  request: APIRequestContext,
  credentials: { username: string; password: string },
  baseURL: string,
): Promise<string> {
  const file = path.join(folder, `${keyOf(baseURL, credentials.username)}.json`);
  const kept = read(file);
  if (kept?.token) {
    const me = await request.get('/swx/admin/me', { headers: { Authorization: kept.token } });
    const state = me.ok()
      ? ((await me.json()) as { result: { totpEnabled: boolean; passwordChangeRequired: boolean } }).result
      : undefined;
    if (state?.totpEnabled && !state.passwordChangeRequired) return kept.token;
  }
  const password = kept?.password ?? credentials.password;
  const login = await result<{
    token?: string;
    totpRequired?: true;
    ticket?: string;
    passwordChangeRequired?: boolean;
  }>(
    await request.post('/swx/admin/login', { data: { username: credentials.username, password } }),
    'staff login',
  );
  if (!login.totpRequired) {
    const token = login.token!;
    const headers = { Authorization: token };
    let ownPassword = kept?.password;
    if (login.passwordChangeRequired) {
      ownPassword = chosenPassword(credentials.username);
      await result(
        await request.post('/swx/admin/password', {
          headers,
          data: { currentPassword: password, newPassword: ownPassword },
        }),
        'first password change',
      );
    }
    const { secret } = await result<{ secret: string }>(
      await request.post('/swx/admin/totp/enrol', { headers, data: {} }),
      'two-factor enrolment',
    );
    const { recoveryCodes } = await result<{ recoveryCodes: string[] }>(
      await request.post('/swx/admin/totp/confirm', { headers, data: { code: codeNow(secret) } }),
      'two-factor confirmation',
    );
    write(file, { secret, token, recoveryCodes, ...(ownPassword ? { password: ownPassword } : {}) });
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
        write(file, { ...kept, secret, token: body.result.token });
        return body.result.token;
      }
    }
  }
  throw new Error(`two-factor sign-in failed for ${credentials.username} on ${baseURL}`);
}

const defaultBase = () => process.env.SWX_E2E_BASE_URL ?? 'default';

/** A staff session token (two-factor on) for `credentials` on the server `request` talks to. */
export async function staffSession(
  request: APIRequestContext,
  credentials: { username: string; password: string },
  baseURL = defaultBase(),
): Promise<string> {
  return locked(() => signInHoldingLock(request, credentials, baseURL));
}

/**
 * Members the suite shares, one per duty, since nobody holds admin with finance: the desk (reviewer,
 * finance and content: the review queues, withdrawals, NFT listings, the ledger check), a second admin (the
 * checker of the admin's pending changes) and a treasurer (a second finance member, the checker of the
 * desk's reserve funding).
 */
export const sharedMembers = {
  desk: { username: 'e2e_desk', roles: ['reviewer', 'finance', 'content'] },
  deputy: { username: 'e2e_deputy', roles: ['admin'] },
  treasurer: { username: 'e2e_treasurer', roles: ['finance'] },
} as const;

/** The temporary password the admin gives a shared member (replaced at its first sign-in). */
const temporaryPassword = (username: string) => `Temporary-${username}-2026`;

/**
 * A shared member's session on the server `request` talks to: the admin (`admin`, that server's start-up
 * account) creates the member on first use, then the member signs in as a new member does.
 */
export async function memberSession(
  request: APIRequestContext,
  who: keyof typeof sharedMembers,
  options: { admin?: { username: string; password: string }; baseURL?: string } = {},
): Promise<string> {
  return locked(() => memberHoldingLock(request, who, options));
}

async function memberHoldingLock(
  request: APIRequestContext,
  who: keyof typeof sharedMembers,
  options: { admin?: { username: string; password: string }; baseURL?: string },
): Promise<string> {
  const baseURL = options.baseURL ?? defaultBase();
  const member = sharedMembers[who];
  const admin = await signInHoldingLock(request, options.admin ?? adminCredentials, baseURL);
  const list = await result<{ username: string }[]>(
    await request.get('/swx/admin/staff', { headers: { Authorization: admin } }),
    'staff list',
  );
  if (!list.some((entry) => entry.username === member.username))
    await result(
      await request.post('/swx/admin/staff', {
        headers: { Authorization: admin },
        data: {
          username: member.username,
          password: temporaryPassword(member.username),
          email: `${member.username}@staff.swx.test`,
          roles: member.roles,
        },
      }),
      `creating ${member.username}`,
    );
  return signInHoldingLock(
    request,
    { username: member.username, password: temporaryPassword(member.username) },
    baseURL,
  );
}

/**
 * Sets a parameter that moves money or risk as the suite's admins do it: the start-up admin asks, the second
 * admin approves (maker-checker). Nothing is asked when the value is already in force; workers take turns.
 */
export async function setParamApproved(
  request: APIRequestContext,
  key: string,
  value: string,
  reason: string,
  options: { admin?: { username: string; password: string }; baseURL?: string } = {},
): Promise<void> {
  const baseURL = options.baseURL ?? defaultBase();
  await locked(async () => {
    const admin = await signInHoldingLock(request, options.admin ?? adminCredentials, baseURL);
    const headers = { Authorization: admin };
    const params = await result<{ key: string; value: string }[]>(
      await request.get('/swx/admin/params', { headers }),
      'parameters',
    );
    if (params.find((param) => param.key === key)?.value === value) return;
    const asked = await result<{ pendingChange: { id: string } | null }>(
      await request.put(`/swx/admin/params/${key}`, { headers, data: { value, reason } }),
      `asking for ${key}`,
    );
    if (!asked.pendingChange) return;
    const deputy = await memberHoldingLock(request, 'deputy', options);
    await result(
      await request.post(`/swx/admin/changes/${asked.pendingChange.id}/approve`, {
        headers: { Authorization: deputy },
        data: { reason: 'Checked by a second admin' },
      }),
      `approving ${key}`,
    );
  });
}

/** The review desk's session (reviewer, finance and content). */
export const deskSession = (request: APIRequestContext, baseURL?: string) =>
  memberSession(request, 'desk', baseURL ? { baseURL } : {});

/**
 * Maker-checker in a spec: `asked` is the answer of a request that made a pending change (the change
 * itself, or `{pendingChange}`); a second member with its duty approves it. Answers the approved change.
 */
export async function approvePending(
  request: APIRequestContext,
  asked: unknown,
  checker: 'deputy' | 'treasurer',
  options: { admin?: { username: string; password: string }; baseURL?: string } = {},
): Promise<{ id: string; status: string }> {
  const change = ((asked as { pendingChange?: unknown }).pendingChange ?? asked) as {
    id?: string;
    status?: string;
  };
  if (!change?.id || change.status !== 'pending')
    throw new Error(`not a pending change: ${JSON.stringify(asked)}`);
  const token = await memberSession(request, checker, options);
  return result(
    await request.post(`/swx/admin/changes/${change.id}/approve`, {
      headers: { Authorization: token },
      data: { reason: 'Checked by a second member' },
    }),
    `approving change ${change.id}`,
  );
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
  const session = await result<{ token: string; totpEnabled: boolean; passwordChangeRequired: boolean }>(
    await request.post('/swx/admin/login', { data: credentials }),
    `sign in ${credentials.username}`,
  );
  if (session.totpEnabled) throw new Error(`${credentials.username} is enrolled already`);
  const headers = { Authorization: session.token };
  if (session.passwordChangeRequired)
    await result(
      await request.post('/swx/admin/password', {
        headers,
        data: { currentPassword: credentials.password, newPassword: chosenPassword(credentials.username) },
      }),
      'first password change',
    );
  const { secret } = await result<{ secret: string }>(
    await request.post('/swx/admin/totp/enrol', { headers, data: {} }),
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

/**
 * A new member with these roles, created by the admin with a temporary password and not yet signed in: at
 * their first sign-in they choose their own password (`chosenPassword`) and enrol.
 */
export async function createMember(
  request: APIRequestContext,
  roles: StaffRole[],
  tag: string,
): Promise<{ username: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  const member = { username: `${tag}_${suffix}`.slice(0, 40), password: `pass-${suffix}-9` };
  await staffCall(request, await adminToken(request), 'POST', '/staff', {
    ...member,
    email: `${member.username}@staff.swx.test`,
    roles,
  });
  return member;
}

/**
 * Loans draw on the lending book, which starts empty (docs/product.md, Loans): until it holds at least
 * `needed`, the desk asks to fund it and the treasurer approves (maker-checker, two finance members). Two
 * workers may both fund it at once; the book then simply holds more.
 */
export async function ensureLendingCapital(request: APIRequestContext, needed = 20_000): Promise<void> {
  const desk = await deskSession(request);
  const book = await staffCall<{ available: string }>(request, desk, 'GET', '/loans/book');
  if (Number(book.available) >= needed) return;
  const asked = await staffCall(request, desk, 'POST', '/loans/capital', {
    amount: String(needed * 5),
    reason: 'e2e: owners fund the lending book',
  });
  await approvePending(request, asked, 'treasurer');
}
