import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { auditLog, staff as staffTable } from '../tables';
import { createStaffTestServer, memberPassword, nextCodeStep, totpCode } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createStaffTestServer({ RATE_LOGIN_PER_ACCOUNT_PER_MINUTE: '3' });
});
afterAll(async () => server.close());

const post = (url: string, payload?: object, token?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/swx/admin${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: token } } : {}),
  });
const get = (url: string, token: string) =>
  server.app.inject({ method: 'GET', url: `/swx/admin${url}`, headers: { authorization: token } });

let counter = 0;
/** A fresh member (finance), signed in with a password only: not enrolled yet. */
async function newMember(): Promise<{ username: string; token: string }> {
  counter += 1;
  const username = `totp-${counter}`;
  await server.database.db.transaction((tx) =>
    server.services.staff.create(tx, username, memberPassword, null, ['finance']),
  );
  const login = await post('/login', { username, password: memberPassword });
  expect(login.json().result).toMatchObject({ totpEnabled: false });
  return { username, token: login.json().result.token };
}

/** Enrols and confirms; answers the secret. */
async function enrolled(member: { token: string }): Promise<string> {
  const enrolment = await post('/totp/enrol', undefined, member.token);
  const secret = enrolment.json().result.secret as string;
  expect((await post('/totp/confirm', { code: totpCode(server, secret) }, member.token)).statusCode).toBe(
    200,
  );
  nextCodeStep(server);
  return secret;
}

describe('TOTP enrolment', () => {
  it('offers a secret, an otpauth URI and an SVG QR code, and stores the secret sealed', async () => {
    const member = await newMember();
    const answer = await post('/totp/enrol', undefined, member.token);
    expect(answer.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = answer.json().result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUri).toContain(member.username);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await server.database.db
      .select()
      .from(staffTable)
      .where(eq(staffTable.username, member.username));
    expect(row!.totpSecret).not.toBeNull();
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpEnabledAt).toBeNull();
    // The audit row says that it happened, never the secret.
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.totp_enrol'));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits.map((a) => [a.target, a.details]))).not.toContain(secret);
  });

  it('switches two-factor on with the first valid code, after which every route answers', async () => {
    const member = await newMember();
    expect((await get('/ledger/check', member.token)).json().code).toBe('11161');
    const secret = (await post('/totp/enrol', undefined, member.token)).json().result.secret;
    const confirm = await post('/totp/confirm', { code: totpCode(server, secret) }, member.token);
    expect(confirm.json().result).toMatchObject({ username: member.username, totpEnabled: true });
    expect((await get('/ledger/check', member.token)).statusCode).toBe(200);
    expect((await get('/me', member.token)).json().result.totpEnabled).toBe(true);
    // Once on, a new enrolment (which would replace the secret) is refused: an admin resets it.
    expect((await post('/totp/enrol', undefined, member.token)).json().code).toBe('11164');
  });

  it('refuses a wrong code and leaves two-factor off', async () => {
    const member = await newMember();
    const secret = (await post('/totp/enrol', undefined, member.token)).json().result.secret;
    const right = totpCode(server, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const answer = await post('/totp/confirm', { code: wrong }, member.token);
    expect({ status: answer.statusCode, code: answer.json().code }).toEqual({ status: 400, code: '11162' });
    expect((await get('/me', member.token)).json().result.totpEnabled).toBe(false);
  });

  it('refuses confirming before enrolling', async () => {
    const member = await newMember();
    expect((await post('/totp/confirm', { code: '123456' }, member.token)).json().code).toBe('11165');
  });
});

describe('TOTP sign-in', () => {
  it('answers a ticket after the password, and a session after the code', async () => {
    const member = await newMember();
    const secret = await enrolled(member);
    const login = await post('/login', { username: member.username, password: memberPassword });
    const challenge = login.json().result;
    expect(challenge).toMatchObject({ totpRequired: true });
    expect(challenge.token).toBeUndefined();
    const session = await post('/login/totp', { ticket: challenge.ticket, code: totpCode(server, secret) });
    expect(session.json().result).toMatchObject({ totpEnabled: true });
    expect((await get('/ledger/check', session.json().result.token)).statusCode).toBe(200);
  });

  it('accepts a code once: the same code again is refused (no replay within its window)', async () => {
    const member = await newMember();
    const secret = await enrolled(member);
    const code = totpCode(server, secret);
    const first = (await post('/login', { username: member.username, password: memberPassword })).json()
      .result;
    expect((await post('/login/totp', { ticket: first.ticket, code })).statusCode).toBe(200);
    const second = (await post('/login', { username: member.username, password: memberPassword })).json()
      .result;
    const replay = await post('/login/totp', { ticket: second.ticket, code });
    expect(replay.json().code).toBe('11162');
    // An earlier step's code is spent too.
    expect(
      (await post('/login/totp', { ticket: second.ticket, code: totpCode(server, secret, -30) })).json().code,
    ).toBe('11162');
  });

  it('spends the ticket: a second use is refused, even with a new valid code', async () => {
    const member = await newMember();
    const secret = await enrolled(member);
    const { ticket } = (await post('/login', { username: member.username, password: memberPassword })).json()
      .result;
    expect((await post('/login/totp', { ticket, code: totpCode(server, secret) })).statusCode).toBe(200);
    nextCodeStep(server);
    const again = await post('/login/totp', { ticket, code: totpCode(server, secret) });
    expect(again.json().code).toBe('11163');
  });

  it('refuses an expired ticket and an unknown one', async () => {
    const member = await newMember();
    const secret = await enrolled(member);
    const { ticket } = (await post('/login', { username: member.username, password: memberPassword })).json()
      .result;
    const earlier = server.services.staff.now;
    server.services.staff.now = () => earlier() + 6 * 60_000;
    try {
      const late = await post('/login/totp', { ticket, code: totpCode(server, secret) });
      expect(late.json().code).toBe('11163');
    } finally {
      server.services.staff.now = earlier;
    }
    const unknown = await post('/login/totp', { ticket: 'x'.repeat(43), code: totpCode(server, secret) });
    expect(unknown.json().code).toBe('11163');
  });

  it('throttles wrong codes like wrong passwords (429 with Retry-After), without spending the ticket', async () => {
    const member = await newMember();
    const secret = await enrolled(member);
    const { ticket } = (await post('/login', { username: member.username, password: memberPassword })).json()
      .result;
    const right = totpCode(server, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await post('/login/totp', { ticket, code: wrong });
      codes.push(answer.json().code);
      if (answer.statusCode === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes.slice(0, 2)).toEqual(['11162', '11162']);
    expect(codes.at(-1)).toBe('429');
    // While throttled, even the right code waits; after the wait the same ticket still works.
    expect((await post('/login/totp', { ticket, code: right })).json().code).toBe('429');
    const earlier = server.services.staff.now;
    server.services.staff.now = () => earlier() + 2 * 60_000;
    const after = await post('/login/totp', { ticket, code: totpCode(server, secret) });
    expect(after.statusCode).toBe(200);
  });
});
