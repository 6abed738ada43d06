import { generateSync } from 'otplib';
import type { StaffRole } from '@swx/shared/contract';
import { createTestServer, type TestServer } from '../../test/harness';

/** The start-up account (ADMIN_USERNAME / ADMIN_PASSWORD): an admin only, as in production. */
export const staffCredentials = { username: 'chief', password: 'Back-office-2026' };
export const memberPassword = 'Staff-member-2026';
/** What a test member chooses when the back office asks for a new password (zxcvbn score 3 or more). */
export const chosenPassword = (username: string) => `Quartz-${username}-lantern-73`;

/** A test server whose first staff account comes from ADMIN_USERNAME / ADMIN_PASSWORD, as in production. */
export function createStaffTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  return createTestServer({
    env: { ADMIN_USERNAME: staffCredentials.username, ADMIN_PASSWORD: staffCredentials.password, ...env },
  });
}

/** The TOTP secrets the helpers enrolled, per server and username (a test's authenticator app). */
const secrets = new WeakMap<TestServer, Map<string, string>>();
/** Passwords the helpers chose at a forced first change, per server and username. */
const chosen = new WeakMap<TestServer, Map<string, string>>();
/** Recovery codes answered at enrolment, per server and username. */
const recovery = new WeakMap<TestServer, Map<string, string[]>>();

const remember = <T>(
  store: WeakMap<TestServer, Map<string, T>>,
  server: TestServer,
  key: string,
  value: T,
) => {
  if (!store.has(server)) store.set(server, new Map());
  store.get(server)!.set(key, value);
};

/** The password a member signs in with now: the one chosen at a forced change, else the one given. */
export function currentPassword(server: TestServer, credentials: { username: string; password: string }) {
  return chosen.get(server)?.get(credentials.username) ?? credentials.password;
}

export function recoveryCodesOf(server: TestServer, username: string): string[] {
  return recovery.get(server)?.get(username) ?? [];
}

export function totpSecretOf(server: TestServer, username: string): string | undefined {
  return secrets.get(server)?.get(username);
}

/** The code an authenticator app shows now (on the staff service's clock). */
export function totpCode(server: TestServer, secret: string, offsetSeconds = 0): string {
  return generateSync({ secret, epoch: Math.floor(server.services.staff.now() / 1000) + offsetSeconds });
}

/** Moves the staff service's clock on by one code step: a code is accepted once, the next step's is new. */
export function nextCodeStep(server: TestServer): void {
  const earlier = server.services.staff.now;
  server.services.staff.now = () => earlier() + 30_000;
}

type Inject = TestServer['app']['inject'];
const post = (server: TestServer, url: string, payload?: object, token?: string) =>
  (server.app.inject as Inject)({
    method: 'POST',
    url: `/swx/admin${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: token } } : {}),
  });

/**
 * Signs a staff member in through the API and returns the Authorization header value, doing what the first
 * sign-in asks: a new password when an admin chose the temporary one (kept for the next sign-in), then
 * two-factor enrolment (the secret and recovery codes are kept too): password, then the authenticator code.
 */
export async function staffToken(
  server: TestServer,
  credentials: { username: string; password: string } = staffCredentials,
): Promise<string> {
  const password = currentPassword(server, credentials);
  const login = await post(server, '/login', { username: credentials.username, password });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  const result = login.json().result as {
    token?: string;
    totpRequired?: true;
    ticket?: string;
    passwordChangeRequired?: boolean;
  };
  if (!result.totpRequired) {
    const token = result.token!;
    if (result.passwordChangeRequired) {
      const newPassword = chosenPassword(credentials.username);
      const changed = await post(server, '/password', { currentPassword: password, newPassword }, token);
      if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
      remember(chosen, server, credentials.username, newPassword);
    }
    const enrolment = await post(server, '/totp/enrol', undefined, token);
    if (enrolment.statusCode !== 200) throw new Error(`enrolment failed: ${enrolment.body}`);
    const secret = enrolment.json().result.secret as string;
    remember(secrets, server, credentials.username, secret);
    const confirmed = await post(server, '/totp/confirm', { code: totpCode(server, secret) }, token);
    if (confirmed.statusCode !== 200) throw new Error(`enrolment confirmation failed: ${confirmed.body}`);
    remember(recovery, server, credentials.username, confirmed.json().result.recoveryCodes as string[]);
    return token;
  }
  const secret = totpSecretOf(server, credentials.username);
  if (!secret) throw new Error(`no TOTP secret known for ${credentials.username}`);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const answer = await post(server, '/login/totp', {
      ticket: result.ticket,
      code: totpCode(server, secret),
    });
    if (answer.statusCode === 200) return answer.json().result.token as string;
    // The code of this step was used already (an earlier sign-in in the same 30 s): the next step's is new.
    if (answer.json().code !== '11162') throw new Error(`TOTP sign-in failed: ${answer.body}`);
    nextCodeStep(server);
  }
  throw new Error('TOTP sign-in kept failing');
}

/**
 * Creates a staff member with `roles` (through the service, as the operator's command line does: no forced
 * change) and signs them in, two-factor enrolled.
 */
export async function staffMember(
  server: TestServer,
  username: string,
  roles: StaffRole[],
): Promise<{ staffId: string; token: string }> {
  const created = await server.database.db.transaction((tx) =>
    server.services.staff.create(tx, username, memberPassword, null, roles, {
      email: `${username.toLowerCase()}@staff.swx.test`,
    }),
  );
  return {
    staffId: created.staffId,
    token: await staffToken(server, { username, password: memberPassword }),
  };
}

/** The identity a service call acts as (no sign-in): for tests that call services directly. */
export async function identityOf(server: TestServer, username: string) {
  const found = await server.services.staff.findByUsername(username);
  if (!found) throw new Error(`no staff member ${username}`);
  return found;
}

/**
 * A second admin besides the start-up one, as the back office makes them: the sole admin names them
 * directly (the only time an admin is created in one step). Signed in, two-factor on.
 */
export async function secondAdmin(
  server: TestServer,
  username = 'deputy',
): Promise<{ staffId: string; token: string }> {
  return staffMember(server, username, ['admin']);
}

/**
 * Maker-checker in a test: `request` (a call by the maker) answers a pending change, directly or as
 * `pendingChange`; the checker (a second member with the kind's role) approves it. Answers the approved
 * change; throws when either step is refused.
 */
export async function approvedChange(
  server: TestServer,
  checkerToken: string,
  request: () => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  reason = 'checked by a second member',
): Promise<{ id: string; status: string; [field: string]: unknown }> {
  const asked = await request();
  const body = asked.json() as { code: string; result: Record<string, unknown> | null };
  const change = (body.result?.pendingChange ?? body.result) as { id?: string; status?: string } | null;
  if (asked.statusCode !== 200 || !change?.id || change.status !== 'pending')
    throw new Error(`no pending change was made: ${asked.body}`);
  const decided = await server.app.inject({
    method: 'POST',
    url: `/swx/admin/changes/${change.id}/approve`,
    headers: { authorization: checkerToken },
    payload: { reason },
  });
  if (decided.statusCode !== 200) throw new Error(`approval refused: ${decided.body}`);
  return decided.json().result;
}
