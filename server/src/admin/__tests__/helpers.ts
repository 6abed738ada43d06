import { generateSync } from 'otplib';
import type { StaffRole } from '@swx/shared/contract';
import { createTestServer, type TestServer } from '../../test/harness';

export const staffCredentials = { username: 'chief', password: 'Back-office-2026' };
export const memberPassword = 'Staff-member-2026';

/** A test server whose first staff account comes from ADMIN_USERNAME / ADMIN_PASSWORD, as in production. */
export function createStaffTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  return createTestServer({
    env: { ADMIN_USERNAME: staffCredentials.username, ADMIN_PASSWORD: staffCredentials.password, ...env },
  });
}

/** The TOTP secrets the helpers enrolled, per server and username (a test's authenticator app). */
const secrets = new WeakMap<TestServer, Map<string, string>>();

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
 * Signs a staff member in through the API and returns the Authorization header value, enrolling two-factor
 * the first time (the secret is kept for the next sign-in): password, then the authenticator code.
 */
export async function staffToken(
  server: TestServer,
  credentials: { username: string; password: string } = staffCredentials,
): Promise<string> {
  const login = await post(server, '/login', credentials);
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  const result = login.json().result as { token?: string; totpRequired?: true; ticket?: string };
  if (!result.totpRequired) {
    const token = result.token!;
    const enrolment = await post(server, '/totp/enrol', undefined, token);
    if (enrolment.statusCode !== 200) throw new Error(`enrolment failed: ${enrolment.body}`);
    const secret = enrolment.json().result.secret as string;
    if (!secrets.has(server)) secrets.set(server, new Map());
    secrets.get(server)!.set(credentials.username, secret);
    const confirmed = await post(server, '/totp/confirm', { code: totpCode(server, secret) }, token);
    if (confirmed.statusCode !== 200) throw new Error(`enrolment confirmation failed: ${confirmed.body}`);
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

/** Creates a staff member with `roles` (through the service) and signs them in, two-factor enrolled. */
export async function staffMember(
  server: TestServer,
  username: string,
  roles: StaffRole[],
): Promise<{ staffId: string; token: string }> {
  const created = await server.database.db.transaction((tx) =>
    server.services.staff.create(tx, username, memberPassword, null, roles),
  );
  return {
    staffId: created.staffId,
    token: await staffToken(server, { username, password: memberPassword }),
  };
}
