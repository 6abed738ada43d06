import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import { signUpCustomer, testSignInContext, type SignedUpCustomer } from '../../auth/testing';
import { hex64 } from '../../cashier/__tests__/helpers';
import { auditLog } from '../../staff/tables';
import { rowsOf } from '../../db/rows';
import { FakeClock } from '../../platform/clock';
import { createLeadership } from '../../platform/leadership';
import { Scheduler } from '../../platform/scheduler';
import { stepUpByEmail } from '../../security/testing';
import { DAY, loansServer, type LoansTestServer } from '../../loans/__tests__/helpers';
import { DataExports } from '../exports';

/**
 * The customer's data (issue 27, item 4): a ZIP prepared by the scheduler (fake clock), sealed at rest, given
 * only to its owner after a step-up, deleted after 24 hours; closing an account only when nothing runs or is
 * owed, then sign-in refused with 11520 and the ledger whole.
 */
const HOUR = 3_600_000;
const YEAR = 365.25 * DAY;

let server: LoansTestServer;
let clock: FakeClock;
let scheduler: Scheduler;
let borrower: SignedUpCustomer;
let loanId: string;

/** A fresh scheduler over the same database, as a restarted server builds one. */
function newScheduler(key: bigint) {
  return new Scheduler({
    db: server.database.db,
    leadership: createLeadership(server.database, server.config.databaseUrl, { key }),
    log: pino({ level: 'silent' }),
    clock,
  });
}

async function passAt(time: number) {
  clock.jump(time);
  await scheduler.runDue();
}

const exportRow = async (id: string) =>
  rowsOf<Record<string, unknown>>(
    await server.database.db.execute(sql`select * from privacy_exports where id = ${id}`),
  )[0];
const exportFile = (id: string) =>
  path.join(server.config.identityDir, 'exports', id.slice(0, 2), `${id}.sealed`);
const notificationsOf = async (who: SignedUpCustomer, kind: string) =>
  rowsOf(
    await server.database.db.execute(
      sql`select * from notifications where user_id = ${who.userId} and kind = ${kind}`,
    ),
  );

async function download(who: SignedUpCustomer, id: string) {
  return server.app.inject({
    method: 'GET',
    url: `/swx/customer/user/privacy/exports/${id}/download`,
    headers: { authorization: who.token },
  });
}

beforeAll(async () => {
  server = await loansServer();
  clock = new FakeClock(Date.now());
  server.services.privacy.exports.now = () => clock.now();
  scheduler = newScheduler(77_041n);
  server.services.privacy.exports.registerJobs(scheduler);
  server.services.privacy.closure.registerJobs(scheduler);
  // A verified borrower with a running loan: identity photos, signature and a contract in the download.
  borrower = await server.borrower();
  await server.fund(borrower.userId, 'USDT', '50');
  const loan = await server.sign(borrower, '500', 7);
  loanId = loan.id;
  expect((await server.approve(loanId)).code).toBe('200');
});
afterAll(async () => {
  await scheduler.lifecycle.stop();
  await server.close();
});

describe('data download', () => {
  let exportId: string;

  it('is prepared in the background, one at a time, and announced once when ready', async () => {
    const requested = await server.call(borrower, 'POST', '/user/privacy/exports');
    expect(requested.code).toBe('200');
    expect(requested.result).toMatchObject({ status: 'preparing', expiresAt: null });
    exportId = requested.result.id;
    expect(exportId).toMatch(/^[0-9a-f]{32}$/);
    expect((await server.call(borrower, 'POST', '/user/privacy/exports')).code).toBe('11527');
    expect((await download(borrower, exportId)).json().code).toBe('11528');

    await passAt(clock.now() + 1000);
    const overview = await server.call(borrower, 'GET', '/user/privacy');
    expect(overview.result.exports[0]).toMatchObject({ id: exportId, status: 'ready' });
    expect(overview.result.exportHours).toBe(24);
    expect(overview.result.username).toBe(borrower.username);
    expect(Date.parse(overview.result.exports[0].expiresAt) - clock.now()).toBe(24 * HOUR);
    await passAt(clock.now() + 1000);
    expect(await notificationsOf(borrower, 'privacy.export_ready')).toHaveLength(1);
  });

  it('is sealed at rest: the file on disk is not a ZIP and names nobody', async () => {
    const bytes = fs.readFileSync(exportFile(exportId));
    expect(bytes.subarray(0, 2).toString('latin1')).not.toBe('PK');
    expect(bytes.includes(Buffer.from(borrower.username))).toBe(false);
    expect(bytes.includes(Buffer.from('Mei'))).toBe(false);
  });

  it('goes only to its owner, after a step-up, with everything kept about them', async () => {
    const stranger = await server.customer();
    expect((await download(stranger, exportId)).json().code).toBe('11528');
    const fresh = await signUpCustomer(server);
    expect((await download(fresh, exportId)).json().code).toBe('11200');

    const res = await download(borrower, exportId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'records/real.json',
        'records/demo.json',
        'trading/real.json',
        'plans.json',
        'loans.json',
        'nfts.json',
        'cashier.json',
        'sessions.json',
        'identity/identity.json',
        'identity/frontImage.png',
        'identity/backImage.png',
        'identity/handImage.png',
        `loans/contract-${loanId}.pdf`,
      ]),
    );
    expect(json('account.json')).toMatchObject({ username: borrower.username, email: borrower.email });
    expect(json('identity/identity.json')).toMatchObject({ status: 'verified', firstName: 'Mei' });
    expect(json('identity/identity.json').signature.strokes).toHaveLength(2);
    expect(json('loans.json')[0]).toMatchObject({ id: loanId, status: 'repaying' });
    expect(json('records/real.json').length).toBeGreaterThan(0);
    expect(json('sessions.json').sessions.length).toBeGreaterThan(0);
    expect(strFromU8(zip[`loans/contract-${loanId}.pdf`]!.subarray(0, 5))).toBe('%PDF-');
    expect(zip['identity/frontImage.png']!.subarray(1, 4)).toEqual(new Uint8Array(Buffer.from('PNG')));
  });

  it('is deleted by the scheduler 24 hours after it was ready (fake clock)', async () => {
    const row = await exportRow(exportId);
    const expiresAt = Date.parse(String(row!.expires_at));
    await passAt(expiresAt - 60_000);
    expect((await download(borrower, exportId)).statusCode).toBe(200);
    await passAt(expiresAt + 1000);
    expect(await exportRow(exportId)).toMatchObject({ status: 'expired', sealed_key: null });
    expect(fs.existsSync(exportFile(exportId))).toBe(false);
    expect((await download(borrower, exportId)).json().code).toBe('11528');
  });

  it('survives a restart: a build that died before its commit is built again, and announced once', async () => {
    const requested = await server.call(borrower, 'POST', '/user/privacy/exports');
    const id = requested.result.id as string;
    // The last process wrote the file and died before marking the export ready: a stale file under a key
    // nobody stored.
    await server.services.privacy.files.write(id, borrower.userId, Buffer.from('half a zip'));
    await scheduler.lifecycle.stop();
    // The restarted server: a new scheduler and a new exports service over the same database and files.
    scheduler = newScheduler(77_042n);
    const restarted = new DataExports({
      db: server.database.db,
      units: server.services.units,
      files: server.services.privacy.files,
      sources: server.services.privacy.sources,
      notifications: server.services.notifications,
      log: pino({ level: 'silent' }),
    });
    restarted.now = () => clock.now();
    restarted.registerJobs(scheduler);
    server.services.privacy.closure.registerJobs(scheduler);
    const before = (await notificationsOf(borrower, 'privacy.export_ready')).length;
    await passAt(clock.now() + 1000);
    await passAt(clock.now() + 20_000);
    expect(await exportRow(id)).toMatchObject({ status: 'ready', attempts: 0 });
    const zip = unzipSync(new Uint8Array((await download(borrower, id)).rawPayload));
    expect(JSON.parse(strFromU8(zip['account.json']!)).username).toBe(borrower.username);
    expect(await notificationsOf(borrower, 'privacy.export_ready')).toHaveLength(before + 1);
  });
});

describe('account closure', () => {
  const close = (who: SignedUpCustomer, confirmUsername = who.username) =>
    server.call(who, 'POST', '/user/privacy/close', { confirmUsername });

  it('needs a fresh second factor and the username typed exactly', async () => {
    const fresh = await signUpCustomer(server);
    expect((await close(fresh)).code).toBe('11200');
    await stepUpByEmail(server, fresh);
    expect((await close(fresh, fresh.username.toUpperCase())).code).toBe('11529');
    expect((await close(fresh, '')).code).toBe('11529');
  });

  it('is refused with the reason while something runs or is owed', async () => {
    // A running loan (and the balance it paid out): the loan is named first.
    expect((await close(borrower)).code).toBe('11524');
    const overview = await server.call(borrower, 'GET', '/user/privacy');
    expect(overview.result.closure.blockers).toEqual(['loans', 'balance']);

    const funded = await server.customer();
    await server.fund(funded.userId, 'USDT', '12.5');
    expect((await close(funded)).code).toBe('11521');
    expect((await server.call(funded, 'GET', '/user/privacy')).result.closure.balances).toEqual([
      { currency: 'USDT', amount: '12.5' },
    ]);
    // A customer who never verified their identity gets a download too (no identity photos in it).
    const theirs = (await server.call(funded, 'POST', '/user/privacy/exports')).result.id as string;
    await passAt(clock.now() + 20_000);
    const zip = unzipSync(new Uint8Array((await download(funded, theirs)).rawPayload));
    expect(JSON.parse(strFromU8(zip['identity/identity.json']!))).toMatchObject({ status: 'unverified' });
    expect(Object.keys(zip).filter((name) => name.startsWith('identity/'))).toEqual([
      'identity/identity.json',
    ]);

    const depositing = await server.customer();
    const proof = await server.upload(depositing);
    const deposit = await server.call(depositing, 'POST', '/user/recharge', {
      coin: 'USDT',
      network: 'TRC20',
      amount: '150',
      txHash: hex64(),
      proofImage: proof,
    });
    expect(deposit.code).toBe('200');
    expect((await close(depositing)).code).toBe('11526');
    // Nothing changed: they still sign in.
    expect((await server.call(depositing, 'POST', '/user/getUserInfo')).code).toBe('200');
  });

  it('closes an empty account in one step: sessions end, every sign-in answers 11520, the ledger stays', async () => {
    const leaving = await server.customer();
    const other = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { account: leaving.username, password: leaving.password },
    });
    const otherToken = other.json().result.token as string;
    await server.call(leaving, 'POST', '/user/privacy/exports');
    const ledgerRows = async () =>
      rowsOf(
        await server.database.db.execute(
          sql`select p.* from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.owner_user_id = ${leaving.userId}`,
        ),
      ).length;
    const postings = await ledgerRows();
    expect(postings).toBeGreaterThan(0); // the demo account's opening balance

    const closed = await close(leaving);
    expect(closed.code).toBe('200');
    expect(Date.parse(closed.result.closedAt)).toBeGreaterThan(0);
    expect((await server.call(leaving, 'POST', '/user/getUserInfo')).status).toBe(401);
    const withOther = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/user/getUserInfo',
      headers: { authorization: otherToken },
    });
    expect(withOther.statusCode).toBe(401);
    const again = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { account: leaving.email, password: leaving.password },
    });
    expect(again.json().code).toBe('11520');
    // A wrong password still says only that.
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { account: leaving.username, password: 'not-the-password-1' },
    });
    expect(wrong.json().code).not.toBe('11520');
    // Other sign-in methods reach the same check (a wallet, a provider or a passkey proved the customer).
    await expect(
      server.services.auth.signInVerified(BigInt(leaving.userId), testSignInContext('wallet')),
    ).rejects.toMatchObject({ code: '11520' });
    await expect(
      server.services.auth.openVerifiedSession(BigInt(leaving.userId), testSignInContext('passkey')),
    ).rejects.toMatchObject({ code: '11520' });

    expect(await ledgerRows()).toBe(postings);
    await server.check();
    expect(
      rowsOf(
        await server.database.db.execute(
          sql`select 1 from privacy_exports where user_id = ${leaving.userId}`,
        ),
      ),
    ).toHaveLength(0);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${leaving.userId}`));
    expect(audit).toMatchObject({ action: 'customer.close' });

    // After the retention period the sign-in identifiers go; the account and its ledger stay.
    const closedAt = Date.parse(closed.result.closedAt);
    await passAt(closedAt + 5 * YEAR - DAY);
    const user = async () =>
      rowsOf<Record<string, unknown>>(
        await server.database.db.execute(sql`select * from users where id = ${leaving.userId}`),
      )[0]!;
    expect((await user()).username).toBe(leaving.username);
    await passAt(closedAt + 5 * YEAR + DAY);
    expect(await user()).toMatchObject({
      username: `closed-${leaving.userId}`,
      email: null,
      password_hash: null,
    });
    expect((await user()).pseudonymised_at).not.toBeNull();
    expect(await ledgerRows()).toBe(postings);
    const late = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { account: leaving.username, password: leaving.password },
    });
    expect(late.json().code).not.toBe('200');
  });
});
