import { generateSync } from 'otplib';
import type { TestServer } from '../test/harness';
import { captureMail } from '../auth/testing';

/**
 * Test helpers for every domain whose routes need a step-up, an address book entry or a second factor.
 * They go through the real endpoints (codes read from the captured mail, authenticator codes computed from
 * the enrolled secret on the security domain's clock).
 */

type Server = Pick<TestServer, 'app' | 'services'>;

/** A customer call answering the envelope. */
export async function customerCall(
  server: Server,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await server.app.inject({
    method,
    url: `/swx/customer${url}`,
    headers: { authorization: token, virtually: 'YES', ...headers },
    ...(payload ? { payload } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked by each test
  return { status: res.statusCode, ...(res.json() as { code: string; message: string; result: any }) };
}

/** Moves the security domain's clock on by `ms` (cooling-off, locks, step-up windows, code steps). */
export function advanceSecurityClock(server: Server, ms: number): void {
  const earlier = server.services.security.clock.now;
  server.services.security.clock = { now: () => new Date(earlier().getTime() + ms) };
}

/** The code an authenticator app shows now, on the security domain's clock. */
export function authenticatorCode(server: Server, secret: string, offsetSeconds = 0): string {
  return generateSync({
    secret,
    epoch: Math.floor(server.services.security.clock.now().getTime() / 1000) + offsetSeconds,
  });
}

/** A step-up of a customer without a second factor: the e-mailed code. */
export async function stepUpByEmail(
  server: Server,
  customer: { token: string; email: string },
): Promise<void> {
  const mail = captureMail(server);
  const started = await customerCall(server, customer.token, 'POST', '/user/security/stepUp/start', {
    method: 'email',
  });
  if (started.code !== '200') throw new Error(`step-up start failed: ${JSON.stringify(started)}`);
  const granted = await customerCall(server, customer.token, 'POST', '/user/security/stepUp', {
    method: 'email',
    code: mail.codeFor(customer.email),
  });
  if (granted.code !== '200') throw new Error(`step-up failed: ${JSON.stringify(granted)}`);
}

/** Turns two-factor on for the customer; answers the secret (their authenticator app) and recovery codes. */
export async function enableTotp(
  server: Server,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolment = await customerCall(server, token, 'POST', '/user/security/totp/enrol');
  if (enrolment.code !== '200') throw new Error(`enrol failed: ${JSON.stringify(enrolment)}`);
  const secret = enrolment.result.secret as string;
  const confirmed = await customerCall(server, token, 'POST', '/user/security/totp/confirm', {
    code: authenticatorCode(server, secret),
  });
  if (confirmed.code !== '200') throw new Error(`confirm failed: ${JSON.stringify(confirmed)}`);
  // The next code must come from a later time step.
  advanceSecurityClock(server, 30_000);
  return { secret, recoveryCodes: confirmed.result.recoveryCodes };
}

/** A step-up with the authenticator app; the clock then moves to the next code step. */
export async function stepUpWithTotp(server: Server, token: string, secret: string): Promise<void> {
  const granted = await customerCall(server, token, 'POST', '/user/security/stepUp', {
    method: 'totp',
    code: authenticatorCode(server, secret),
  });
  if (granted.code !== '200') throw new Error(`step-up failed: ${JSON.stringify(granted)}`);
  advanceSecurityClock(server, 30_000);
}

/**
 * Makes `address` usable for the customer's withdrawals: step-up, added to the book, confirmed with its
 * e-mailed code, and the clock moved past the cooling-off period. The session stays stepped up.
 */
export async function whitelistAddress(
  server: Server,
  customer: { token: string; email: string },
  target: { coin: string; network: string; address: string; label?: string },
): Promise<string> {
  await stepUpByEmail(server, customer);
  const mail = captureMail(server);
  const added = await customerCall(server, customer.token, 'POST', '/user/security/addresses', {
    label: target.label ?? 'My wallet',
    coin: target.coin,
    network: target.network,
    address: target.address,
  });
  if (added.code !== '200') throw new Error(`add address failed: ${JSON.stringify(added)}`);
  const entry = (added.result.addresses as { id: string; address: string }[]).find(
    (item) => item.address === target.address,
  )!;
  const confirmed = await customerCall(server, customer.token, 'POST', '/user/security/addresses/confirm', {
    id: entry.id,
    code: mail.codeFor(customer.email),
  });
  if (confirmed.code !== '200') throw new Error(`confirm address failed: ${JSON.stringify(confirmed)}`);
  const hours = Number(confirmed.result.coolingOffHours);
  advanceSecurityClock(server, hours * 3_600_000 + 1000);
  await stepUpByEmail(server, customer);
  return entry.id;
}

/** Ready for withdrawals anywhere: stepped up and whitelist mode off (the cashier's own tests). */
export async function allowAnyWithdrawal(
  server: Server,
  customer: { token: string; email: string },
): Promise<void> {
  await stepUpByEmail(server, customer);
  const off = await customerCall(server, customer.token, 'POST', '/user/security/whitelist', {
    enabled: false,
  });
  if (off.code !== '200') throw new Error(`whitelist off failed: ${JSON.stringify(off)}`);
}
