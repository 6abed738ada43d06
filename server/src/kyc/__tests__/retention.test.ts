import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { SignedUpCustomer } from '../../auth/testing';
import { auditLog } from '../../staff/tables';
import { rowsOf } from '../../db/rows';
import { FakeClock } from '../../platform/clock';
import { createLeadership } from '../../platform/leadership';
import { Scheduler } from '../../platform/scheduler';
import { DAY, loansServer, type LoansTestServer } from '../../loans/__tests__/helpers';
import { identityBody } from './helpers';

/**
 * Retention through the scheduler on a fake clock: unsubmitted identity photos after 24 hours, a rejected
 * submission's documents after 30 days, a closed account's identity data, signatures and contracts after 5
 * years; each purge audited as counts; the ledger, the loans and the fact that a check happened stay.
 */
const HOUR = 3_600_000;
const YEAR = 365.25 * DAY;

let server: LoansTestServer;
let clock: FakeClock;
let scheduler: Scheduler;
let rejected: SignedUpCustomer;
let closed: SignedUpCustomer;
let drafter: SignedUpCustomer;
let draftId: string;
let loanId: string;

const identityOf = async (who: SignedUpCustomer) =>
  rowsOf<Record<string, unknown>>(
    await server.database.db.execute(sql`select * from kyc_identities where user_id = ${who.userId}`),
  )[0]!;
const purges = async (target: string) =>
  (await server.database.db.select().from(auditLog).where(eq(auditLog.target, target))).filter(
    (entry) => entry.action === 'retention.purge',
  );
const photoFiles = (row: Record<string, unknown>) =>
  ['front_file', 'back_file', 'hand_file']
    .map((column) => row[column] as string | null)
    .filter((id): id is string => !!id)
    .map((id) => path.join(server.config.identityDir, id.slice(0, 2), `${id}.sealed`));

/** Time moves on (the server was off, or hours passed); the scheduler's next pass catches up. */
async function passAt(time: number) {
  clock.jump(time);
  await scheduler.runDue();
}

beforeAll(async () => {
  server = await loansServer();
  const start = Date.now();
  clock = new FakeClock(start);
  server.services.kyc.now = () => clock.now();
  server.at(start);
  scheduler = new Scheduler({
    db: server.database.db,
    leadership: createLeadership(server.database, server.config.databaseUrl, { key: 77_027n }),
    log: pino({ level: 'silent' }),
    clock,
  });
  server.services.uploads.registerJobs(scheduler, server.services.audit);
  server.services.kycRetention.registerJobs(scheduler);
  server.services.loanData.registerJobs(scheduler);

  // A submission staff reject.
  rejected = await server.customer();
  expect(
    (await server.call(rejected, 'POST', '/user/identification', await identityBody(server, rejected))).code,
  ).toBe('200');
  const pending = (await server.admin('GET', '/reviews?kind=kyc&status=pending')).result as {
    id: string;
    userId: string;
  }[];
  const reviewId = pending.find((item) => item.userId === rejected.userId)!.id;
  expect((await server.admin('POST', `/reviews/kyc/${reviewId}/reject`, { reason: 'blurred' })).code).toBe(
    '200',
  );

  // A verified borrower whose account is closed later (the fact account closure will record).
  closed = await server.borrower();
  await server.fund(closed.userId, 'USDT', '50');
  const loan = await server.sign(closed, '500', 7);
  loanId = loan.id;
  expect((await server.approve(loanId)).code).toBe('200');
  await server.database.db.execute(
    sql`update users set closed_at = ${new Date(start)} where id = ${closed.userId}`,
  );

  // A photo picked for a verification never submitted.
  drafter = await server.customer();
  draftId = await server.upload(drafter, 'identity');
});
afterAll(async () => {
  await scheduler.lifecycle.stop();
  await server.close();
});

describe('retention', () => {
  it('keeps everything within its period', async () => {
    await passAt(clock.now() + 23 * HOUR);
    const draft = await server.database.db.execute(sql`select 1 from uploads where id = ${draftId}`);
    expect(rowsOf(draft)).toHaveLength(1);
    expect((await identityOf(rejected)).fields_sealed).not.toBeNull();
  });

  it('purges an identity photo no submission took over after 24 hours, audited as a count', async () => {
    await passAt(clock.now() + 2 * HOUR);
    expect(
      rowsOf(await server.database.db.execute(sql`select 1 from uploads where id = ${draftId}`)),
    ).toHaveLength(0);
    expect(fs.existsSync(path.join(server.config.uploadDir, draftId.slice(0, 2), `${draftId}.sealed`))).toBe(
      false,
    );
    const [entry] = await purges('uploads:identity-drafts');
    expect((entry!.details as { uploads: number }).uploads).toBe(1);
  });

  it('purges a rejected submission’s documents after 30 days; the customer starts again', async () => {
    const before = await identityOf(rejected);
    const files = photoFiles(before);
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    await passAt(Date.parse(String(before.decided_at)) + 29 * DAY);
    expect((await identityOf(rejected)).fields_sealed).not.toBeNull();
    await passAt(Date.parse(String(before.decided_at)) + 30 * DAY + HOUR);
    const after = await identityOf(rejected);
    expect(after).toMatchObject({
      status: 'unverified',
      fields_sealed: null,
      signature_sealed: null,
      document_index: null,
      front_file: null,
      back_file: null,
      hand_file: null,
      rejections: [],
      submissions: 1,
    });
    expect(after.purged_at).not.toBeNull();
    expect(after.decided_at).not.toBeNull();
    expect(files.some((file) => fs.existsSync(file))).toBe(false);
    const photos = rowsOf(
      await server.database.db.execute(sql`select 1 from kyc_files where user_id = ${rejected.userId}`),
    );
    expect(photos).toHaveLength(0);
    const info = await server.call(rejected, 'POST', '/user/getUserInfo');
    expect(info.result.kycStatus).toBe('unverified');
    const [entry] = await purges('kyc:rejected');
    expect(entry!.details).toEqual({ identities: 1, photos: 3, retentionDays: 30 });
    // They may verify again from the start.
    const again = await server.call(
      rejected,
      'POST',
      '/user/identification',
      await identityBody(server, rejected),
    );
    expect(again.result).toMatchObject({ status: 'pending', firstName: 'Mei' });
    expect((await identityOf(rejected)).purged_at).toBeNull();
  });

  it('purges a closed account’s identity, signature and contract after 5 years; loans and ledger stay', async () => {
    const balanceBefore = await server.balance(closed.userId);
    const identityBefore = await identityOf(closed);
    await passAt(Date.now() + 5 * YEAR - DAY);
    expect((await identityOf(closed)).fields_sealed).not.toBeNull();
    await passAt(Date.now() + 5 * YEAR + DAY);
    const after = await identityOf(closed);
    expect(after).toMatchObject({
      status: 'verified',
      fields_sealed: null,
      signature_sealed: null,
      front_file: null,
    });
    expect(after.purged_at).not.toBeNull();
    expect(photoFiles(identityBefore).some((file) => fs.existsSync(file))).toBe(false);
    const [loan] = rowsOf<Record<string, unknown>>(
      await server.database.db.execute(sql`select * from loans where id = ${loanId}`),
    );
    expect(loan).toMatchObject({ status: 'repaying', signature_sealed: null });
    expect(loan!.contract_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(
      rowsOf(await server.database.db.execute(sql`select 1 from loan_contracts where loan_id = ${loanId}`)),
    ).toHaveLength(0);
    expect(await server.balance(closed.userId)).toEqual(balanceBefore);
    await server.check();
    expect((await purges('kyc:closed-accounts'))[0]!.details).toEqual({
      identities: 1,
      photos: 3,
      retentionYears: 5,
    });
    expect((await purges('loans:closed-accounts'))[0]!.details).toEqual({
      signatures: 1,
      contracts: 1,
      retentionYears: 5,
    });
    // Staff see that a check happened, and that its data is gone.
    const view = (await server.admin('GET', `/customers/${closed.userId}/identity`)).result;
    expect(view).toMatchObject({ status: 'verified', firstName: null, documentNumber: null, masked: [] });
    expect(view.purgedAt).not.toBeNull();
    // The contract is gone for good: 404, not an error.
    const contract = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/loans/${loanId}/contract`,
      headers: { authorization: server.staff },
    });
    expect(contract.statusCode).toBe(404);
  });

  it('purges each record once: later passes find nothing and write no audit entry', async () => {
    const count = (await server.database.db.select().from(auditLog)).filter(
      (e) => e.action === 'retention.purge',
    ).length;
    await passAt(clock.now() + 2 * HOUR);
    const later = (await server.database.db.select().from(auditLog)).filter(
      (e) => e.action === 'retention.purge',
    ).length;
    expect(later).toBe(count);
  });
});
