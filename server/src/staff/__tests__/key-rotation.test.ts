import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { runCli, type CliIo } from '../../admin-cli';
import { loadConfig } from '../../config';
import { rowsOf } from '../../db/rows';
import { createServices, type Services } from '../../services';
import { keyIdOf } from '../../platform/crypto';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { enableTotp } from '../../security/testing';
import { identityBody } from '../../kyc/__tests__/helpers';
import type { SignedUpCustomer } from '../../auth/testing';
import { auditLog } from '../tables';

/**
 * `pnpm admin rotate-keys` with a fake keyring: a server seals under key `k1`; the operator lists a new key
 * `k2` as active; a rotation is interrupted half-way, the command finishes it; then `k1` leaves the keyring
 * and everything still opens.
 */
const k1 = crypto.randomBytes(32).toString('hex');
const k2 = crypto.randomBytes(32).toString('base64');

let server: CashierTestServer;
let alice: SignedUpCustomer;
let rotated: Services;

/** The same database and files under another keyring (what a restart with new variables builds). */
async function servicesWith(env: Record<string, string>): Promise<Services> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: server.config.dataDir,
    ...env,
  });
  config.databaseUrl = server.config.databaseUrl;
  return createServices(config, server.database, pino({ level: 'silent' }));
}

async function cli(services: Services, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env: {},
    readPassword: async () => '',
  };
  const code = await runCli(argv, services, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function keyIds(table: string, column: string): Promise<string[]> {
  const rows = rowsOf<{ value: Uint8Array | string }>(
    await server.database.db.execute(
      sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
    ),
  );
  return rows.map((row) =>
    keyIdOf(typeof row.value === 'string' ? Buffer.from(row.value, 'base64') : Buffer.from(row.value)),
  );
}

beforeAll(async () => {
  server = await cashierServer({ IDENTITY_KEYS: `k1:${k1}` });
  alice = await server.customer();
  const body = await identityBody(server, alice);
  expect((await server.call(alice, 'POST', '/user/identification', body)).code).toBe('200');
  // A photo picked but not yet submitted: an upload's key part is rotated too.
  await server.upload(alice, 'identity');
  // Alice's authenticator app: customer TOTP secrets are on the same keyring.
  await enableTotp(server, alice.token);
  rotated = await servicesWith({ IDENTITY_KEYS: `k1:${k1},k2:${k2}`, IDENTITY_ACTIVE_KEY: 'k2' });
});
afterAll(async () => server.close());

describe('key rotation from the command line', () => {
  it('lists what is under each key', async () => {
    const { code, out } = await cli(rotated, ['key-usage', '--json']);
    expect(code).toBe(0);
    const { activeKey, usage } = JSON.parse(out);
    expect(activeKey).toBe('k2');
    expect(usage['kyc.fields']).toEqual({ k1: 1 });
    expect(usage['kyc.photos']).toEqual({ k1: 3 });
    expect(usage['platform.secrets']).toEqual({ k1: 1 });
    // The start-up admin and the review desk's member have two-factor on.
    expect(usage['staff.totp']).toEqual({ k1: 2 });
    expect(usage['customer.totp']).toEqual({ k1: 1 });
  });

  it('resumes after an interrupted run and moves every data key to the new key; the data is untouched', async () => {
    const fieldsBefore = rowsOf<{ fields_sealed: Uint8Array }>(
      await server.database.db.execute(sql`select fields_sealed from kyc_identities`),
    ).map((row) => Buffer.from(row.fields_sealed));
    await expect(
      rotated.keyRotation.run({
        batchSize: 1,
        onBatch: (source) => {
          if (source === 'kyc.photos') throw new Error('the operator pressed Ctrl-C');
        },
      }),
    ).rejects.toThrow(/Ctrl-C/);
    expect(await keyIds('kyc_files', 'sealed_key')).toEqual(expect.arrayContaining(['k1', 'k2']));

    const { code, out } = await cli(rotated, ['rotate-keys', '--batch', '2', '--staff', 'chief', '--json']);
    expect(code).toBe(0);
    const { report, usage } = JSON.parse(out);
    expect(report['kyc.photos'].rewrapped).toBe(2);
    for (const byKey of Object.values(usage) as Record<string, number>[])
      expect(Object.keys(byKey).filter((key) => key !== 'k2')).toEqual([]);
    for (const [table, column] of <[string, string][]>[
      ['kyc_identities', 'fields_sealed'],
      ['kyc_identities', 'signature_sealed'],
      ['kyc_files', 'sealed_key'],
      ['uploads', 'sealed_key'],
      ['platform_secrets', 'sealed'],
      ['staff', 'totp_secret'],
      ['customer_totp', 'secret'],
    ])
      expect(new Set(await keyIds(table, column))).toEqual(new Set(['k2']));
    // Only the key part changed: the data part of each value is byte for byte what it was.
    const fieldsAfter = rowsOf<{ fields_sealed: Uint8Array }>(
      await server.database.db.execute(sql`select fields_sealed from kyc_identities`),
    ).map((row) => Buffer.from(row.fields_sealed));
    expect(fieldsAfter[0]!.subarray(-40).equals(fieldsBefore[0]!.subarray(-40))).toBe(true);
    // Audited with counts, as the acting member.
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'keys.rotate'));
    expect(entry).toMatchObject({ target: 'keyring:k2' });
    expect(entry!.staffId).not.toBeNull();
    // A second run has nothing left to do.
    expect(
      JSON.parse((await cli(rotated, ['rotate-keys', '--json'])).out).report['kyc.fields'].rewrapped,
    ).toBe(0);
  });

  it('needs the old key no more: with only the new key everything opens', async () => {
    const only = await servicesWith({ IDENTITY_KEYS: `k2:${k2}` });
    const detail = await only.kyc.detail({ userId: alice.userId, mode: 'real' });
    expect(detail).toMatchObject({ firstName: 'Mei', status: 'pending' });
    const chief = (await only.staff.findByUsername('chief'))!;
    const view = await only.kyc.staff.identity(chief, (await pendingIdentityId())!);
    expect(view.signature?.strokes.length).toBe(2);
    const photo = await only.kyc.staff.image(chief, (await pendingIdentityId())!, 'frontImage');
    expect(photo.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('without the key a value was sealed under, answers 11240 and keeps serving', async () => {
    const wrong = await servicesWith({ IDENTITY_KEYS: `k3:${crypto.randomBytes(32).toString('hex')}` });
    await expect(wrong.kyc.detail({ userId: alice.userId, mode: 'real' })).rejects.toMatchObject({
      code: '11240',
      status: 503,
    });
    const { code, out } = await cli(wrong, ['rotate-keys', '--json']);
    // Nothing it could not open was changed, and the command says so.
    expect(code).toBe(1);
    expect(JSON.parse(out).report['kyc.fields']).toMatchObject({ rewrapped: 0, unreadable: 1 });
    expect(new Set(await keyIds('kyc_identities', 'fields_sealed'))).toEqual(new Set(['k2']));
  });

  it('refuses a bad batch size', async () => {
    expect((await cli(rotated, ['rotate-keys', '--batch', '0'])).code).toBe(2);
  });
});

async function pendingIdentityId(): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(
    await server.database.db.execute(
      sql`select id::text as id from kyc_identities where user_id = ${alice.userId}`,
    ),
  );
  return row?.id;
}
