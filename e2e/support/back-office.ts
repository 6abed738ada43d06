import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verificationCodeIn, waitForMail } from './smtp';
import { registerCustomer, type CustomerSession } from './customer';
import { chosenPassword, staffCall, totpCode } from './staff';

/**
 * What the back office tests and screenshots set up: real customers with deposits and identity checks
 * made through the customer API, and a staff member's first sign-in in the page.
 */

/** A real photo-sized PNG (a gradient), so the proof and identity photos are images a browser draws. */
export function photo(seed: number): Buffer {
  const width = 320;
  const height = 200;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = (x + seed * 40) % 256;
      row[2 + x * 3] = (y * 2 + seed * 70) % 256;
      row[3 + x * 3] = ((x ^ y) + seed * 90) % 256;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A well-formed TRON address (base58check): the server checks the shape, not who holds it.
export const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface Customer extends CustomerSession {
  id: string;
  username: string;
}

export async function customerCall<T>(
  request: APIRequestContext,
  customer: Pick<CustomerSession, 'token'>,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const answer = await request.fetch(`/swx/customer${path}`, {
    method,
    headers: { Authorization: customer.token, virtually: 'YES' },
    ...(method === 'POST' ? { data: data ?? {} } : {}),
  });
  const body = (await answer.json()) as { code: string; message: string; result: T };
  expect(body, `${path}: ${body.message}`).toMatchObject({ code: '200' });
  return body.result;
}

/** A new customer on their real account. */
export async function realCustomer(request: APIRequestContext, tag: string): Promise<Customer> {
  const session = await registerCustomer(request, tag);
  const userInfo = await customerCall<Customer['userInfo'] & { id: string; username: string }>(
    request,
    session,
    'POST',
    '/user/accountMode',
    { mode: 'real' },
  );
  return { token: session.token, userInfo, id: userInfo.id, username: userInfo.username };
}

export async function upload(
  request: APIRequestContext,
  customer: CustomerSession,
  seed: number,
  purpose: 'general' | 'identity' = 'general',
): Promise<string> {
  const answer = await request.post(`/swx/customer/upload/${purpose === 'identity' ? 'identity' : 'image'}`, {
    headers: { Authorization: customer.token, virtually: 'YES' },
    multipart: { file: { name: `photo-${seed}.png`, mimeType: 'image/png', buffer: photo(seed) } },
  });
  return ((await answer.json()) as { result: { id: string } }).result.id;
}

export async function deposit(
  request: APIRequestContext,
  customer: Customer,
  amount: string,
): Promise<string> {
  const made = await customerCall<{ id: string }>(request, customer, 'POST', '/user/recharge', {
    coin: 'USDT',
    network: 'TRC20',
    amount,
    txHash: crypto.randomBytes(32).toString('hex'),
    proofImage: await upload(request, customer, 1),
  });
  return made.id;
}

export async function submitIdentity(request: APIRequestContext, customer: Customer): Promise<void> {
  await customerCall(request, customer, 'POST', '/user/identification', {
    documentType: 'id_card',
    documentNumber: `S${customer.id.padStart(7, '0')}E`,
    firstName: 'Eve',
    lastName: 'Tester',
    birthdate: '1990-04-12',
    sex: 'female',
    country: 'SG',
    address: '10 Anson Road, Singapore 079903',
    areaCode: '+65',
    phone: '81234567',
    frontImage: await upload(request, customer, 2, 'identity'),
    backImage: await upload(request, customer, 3, 'identity'),
    handImage: await upload(request, customer, 4, 'identity'),
    signature: {
      width: 300,
      height: 120,
      strokes: [
        [
          [20, 90],
          [140, 20],
          [260, 90],
        ],
      ],
    },
  });
}

/** The customer's identity submitted, then approved by `reviewer` (a staff token with the reviewer role). */
export async function verifyIdentity(
  request: APIRequestContext,
  reviewer: string,
  customer: Customer,
): Promise<void> {
  await submitIdentity(request, customer);
  const checks = await staffCall<{ id: string; userId: string }[]>(
    request,
    reviewer,
    'GET',
    '/reviews?kind=kyc&status=pending',
  );
  const check = checks.find((item) => item.userId === customer.id);
  expect(check, 'the identity check is in the queue').toBeTruthy();
  await staffCall(request, reviewer, 'POST', `/reviews/kyc/${check!.id}/approve`);
}

/** A new real customer with `funds` USDT deposited and their identity checked, both approved by `reviewer`. */
export async function verifiedCustomer(
  request: APIRequestContext,
  reviewer: string,
  tag: string,
  funds: string,
): Promise<Customer> {
  const customer = await realCustomer(request, tag);
  await staffCall(
    request,
    reviewer,
    'POST',
    `/reviews/deposit/${await deposit(request, customer, funds)}/approve`,
  );
  await verifyIdentity(request, reviewer, customer);
  return customer;
}

/**
 * A member's first sign-in in the back office, as an admin made them: the temporary password, a password of
 * their own in its place (`chosenPassword`), enrolment with the secret the page shows, then the recovery
 * codes shown once. Answers the member's own password and secret.
 */
export async function signInStaff(
  page: Page,
  member: { username: string; password: string },
): Promise<{ password: string; secret: string }> {
  await page.goto('/staff');
  await page.getByLabel(/^Username/).fill(member.username);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  const password = chosenPassword(member.username);
  await page.getByLabel(/^Current password/).fill(member.password);
  await page.getByLabel(/^New password(?! again)/).fill(password);
  await page.getByLabel(/^New password again/).fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(/^Six-digit code/).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Keep your recovery codes' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { password, secret };
}

/**
 * Ready to withdraw to any address: a step-up by the e-mailed code (a customer without a second factor),
 * then whitelist mode off (new accounts start with it on). The step-up lasts `step_up_minutes` (5).
 */
export async function allowAnyWithdrawal(request: APIRequestContext, customer: Customer): Promise<void> {
  await withdrawAnywhere(request, customer, `${customer.username}@swx.test`);
}

/** `allowAnyWithdrawal` for a session whose e-mail address is known. */
export async function withdrawAnywhere(
  request: APIRequestContext,
  customer: { token: string },
  email: string,
): Promise<void> {
  const since = Date.now();
  await customerCall(request, customer, 'POST', '/user/security/stepUp/start', { method: 'email' });
  const code = verificationCodeIn(await waitForMail(email, { since }));
  await customerCall(request, customer, 'POST', '/user/security/stepUp', { method: 'email', code });
  await customerCall(request, customer, 'POST', '/user/security/whitelist', { enabled: false });
}
