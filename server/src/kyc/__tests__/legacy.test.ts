import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { generateSecret } from 'otplib';
import { loadConfig } from '../../config';
import { migrationsFolder } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createServices, type Services } from '../../services';
import { adminQuery, openEmptyTestPglite } from '../../test/database';
import { RETIRED_DEVELOPMENT_KEY } from '../../platform/crypto/keyring';
import { sealLegacy } from '../../platform/crypto/legacy';
import { Sealer } from '../../platform/crypto';
import { totpScope } from '../../staff/staff-totp';
import { customerTotpScope } from '../../security/totp';
import { cashierServer, png, type CashierTestServer } from '../../cashier/__tests__/helpers';
import type { SignedUpCustomer } from '../../auth/testing';
import { signature } from './helpers';

/**
 * The way from data stored before sealing: migration 0024 moves the plain columns aside, and the next start
 * seals them, the old vault's photos (under the old key, or the retired development key outside
 * production), plain upload files, plain contract PDFs and old-format staff and customer TOTP secrets.
 */

/**
 * A bare database without migrations: an emptied PGlite (from the template, not initdb), or a new database
 * on TEST_DATABASE_URL's server.
 */
interface BareDatabase {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function bareDatabase(): Promise<BareDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = await openEmptyTestPglite();
    return {
      exec: async (text) => void (await client.exec(text)),
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `swx_m_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Runs the migration files whose number is in [first, last], in order, split as drizzle splits them. */
async function migrate(database: BareDatabase, first: number, last: number): Promise<void> {
  const files = fs
    .readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .filter((name) => Number(name.slice(0, 4)) >= first && Number(name.slice(0, 4)) <= last);
  for (const file of files)
    for (const statement of fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint'))
      if (statement.trim()) await database.exec(statement);
}

describe('migration 0024', () => {
  it('moves plain personal data aside for sealing and gives contracts their borrower', async () => {
    const client = await bareDatabase();
    try {
      await migrate(client, 0, 23);
      await client.exec(`
        insert into users (username, invite_code) values ('legacy', 'LEGACY01'), ('newcomer', 'LEGACY02');
        insert into kyc_identities (user_id, status, document_type, first_name, last_name, birthdate, phone, area_code, signature)
          values (1, 'verified', 'id_card', 'Ada', 'Byron', '1815-12-10', '81234567', '+65', '{"width":300,"height":120,"strokes":[[[1,2],[3,4]]]}');
        insert into kyc_identities (user_id) values (2);
        insert into loans (user_id, quote_id, currency, amount, term, daily_rate, interest_free_days, overdue_daily_rate,
          total_interest, total_repayment, apr_percent, language, signature, contract_sha256, created_at)
          values (1, 'q1', 'USDT', 100, 7, 0.001, 3, 0.002, 0.4, 100.4, 20, 'en', '{"width":300,"height":120,"strokes":[]}', 'abc', now());
        insert into loan_contracts (loan_id, pdf, sha256) values (1, '%PDF-1.7 plain'::bytea, 'abc');
      `);
      await migrate(client, 24, 24);
      const staged = await client.rows<{ kind: string; ref: string; value: Record<string, unknown> }>(
        'select kind, ref, value from legacy_plain_values order by kind, ref',
      );
      expect(staged).toEqual([
        {
          kind: 'kyc.fields',
          ref: '1',
          value: {
            firstName: 'Ada',
            lastName: 'Byron',
            birthdate: '1815-12-10',
            phone: '81234567',
            areaCode: '+65',
          },
        },
        {
          kind: 'kyc.signature',
          ref: '1',
          value: {
            width: 300,
            height: 120,
            strokes: [
              [
                [1, 2],
                [3, 4],
              ],
            ],
          },
        },
        { kind: 'loan.signature', ref: '1', value: { width: 300, height: 120, strokes: [] } },
      ]);
      expect(await client.rows('select user_id::text from loan_contracts')).toEqual([{ user_id: '1' }]);
      const columns = await client.rows<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'kyc_identities'`,
      );
      expect(columns.map((row) => row.column_name)).not.toContain('first_name');
    } finally {
      await client.close();
    }
  });
});

describe('the first start after it', () => {
  const oldKey = crypto.randomBytes(32);
  let server: CashierTestServer;
  let alice: SignedUpCustomer;
  let identityId: string;
  let upgraded: Services;
  const photoIds = [crypto.randomBytes(16).toString('hex'), crypto.randomBytes(16).toString('hex')];
  const uploadId = crypto.randomBytes(16).toString('hex');
  const totpSecret = generateSecret({ length: 20 });
  const customerSecret = generateSecret({ length: 20 });
  let chiefId: string;

  beforeAll(async () => {
    server = await cashierServer({ IDENTITY_ENCRYPTION_KEY: oldKey.toString('hex') });
    alice = await server.customer();
    const { db } = server.database;
    const [row] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into kyc_identities (user_id, status, document_type, front_file, hand_file, submissions)
            values (${alice.userId}, 'verified', 'passport', ${photoIds[0]}, ${photoIds[1]}, 1) returning id::text as id`,
      ),
    );
    identityId = row!.id;
    await db.execute(sql`insert into legacy_plain_values (kind, ref, value) values
      ('kyc.fields', ${identityId}, ${JSON.stringify({ firstName: 'Ada', lastName: 'Byron', birthdate: '1815-12-10' })}::jsonb),
      ('kyc.signature', ${identityId}, ${JSON.stringify(signature)}::jsonb)`);
    // Photos of the old vault: one under the old key, one under the published development key.
    for (const [index, key] of [oldKey, RETIRED_DEVELOPMENT_KEY].entries()) {
      const id = photoIds[index]!;
      const file = path.join(server.config.identityDir, id.slice(0, 2), `${id}.bin`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, sealLegacy(key, `${id}:${alice.userId}`, png));
      await db.execute(
        sql`insert into kyc_files (id, user_id, upload_id, mime) values (${id}, ${alice.userId}, ${`u${index}`}, 'image/png')`,
      );
    }
    // A deposit proof stored in plain.
    const plain = path.join(server.config.uploadDir, uploadId.slice(0, 2), uploadId);
    fs.mkdirSync(path.dirname(plain), { recursive: true });
    fs.writeFileSync(plain, png);
    await db.execute(
      sql`insert into uploads (id, owner_user_id, mime, size, sha256) values (${uploadId}, ${alice.userId}, 'image/png', ${png.length}, 'x')`,
    );
    // The chief's TOTP secret in the old vault's format.
    chiefId = (await server.services.staff.findByUsername('chief'))!.staffId;
    await db.execute(
      sql`update staff set totp_secret = ${sealLegacy(oldKey, `staff-totp:${chiefId}`, Buffer.from(totpSecret)).toString('base64')} where id = ${chiefId}`,
    );
    // A customer's TOTP secret as the security work sealed it before envelopes (the same old vault).
    await db.execute(
      sql`insert into customer_totp (user_id, secret) values (${alice.userId}, ${sealLegacy(oldKey, `customer-totp:${alice.userId}`, Buffer.from(customerSecret)).toString('base64')})`,
    );
    // The operator moves to a keyring: the old key keeps its id `primary`, a new one becomes active.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: server.config.dataDir,
      IDENTITY_KEYS: `primary:${oldKey.toString('hex')},next:${crypto.randomBytes(32).toString('hex')}`,
    });
    config.databaseUrl = server.config.databaseUrl;
    upgraded = await createServices(config, server.database, pino({ level: 'silent' }));
  });
  afterAll(async () => server.close());

  it('seals the staged fields and signature into the record and empties the staging table', async () => {
    const detail = await upgraded.kyc.detail({ userId: alice.userId, mode: 'real' });
    expect(detail).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      birthdate: '1815-12-10',
      hasSignature: true,
    });
    const staged = rowsOf(await server.database.db.execute(sql`select * from legacy_plain_values`));
    expect(staged).toEqual([]);
  });

  it('seals the old vault’s photos as envelopes and removes the old files', async () => {
    const chief = (await upgraded.staff.findByUsername('chief'))!;
    for (const field of ['frontImage', 'handImage'] as const) {
      const photo = await upgraded.kyc.staff.image(chief, identityId, field);
      expect(photo.bytes.equals(png)).toBe(true);
    }
    for (const id of photoIds) {
      expect(fs.existsSync(path.join(server.config.identityDir, id.slice(0, 2), `${id}.bin`))).toBe(false);
      expect(fs.existsSync(path.join(server.config.identityDir, id.slice(0, 2), `${id}.sealed`))).toBe(true);
    }
  });

  it('seals plain upload files and old staff and customer TOTP secrets under the active key', async () => {
    const upload = await upgraded.uploads.findOwned(uploadId, alice.userId);
    expect((await upgraded.uploads.read(upload)).equals(png)).toBe(true);
    expect(fs.existsSync(path.join(server.config.uploadDir, uploadId.slice(0, 2), uploadId))).toBe(false);
    const [staff] = rowsOf<{ totp_secret: string }>(
      await server.database.db.execute(sql`select totp_secret from staff where id = ${chiefId}`),
    );
    const sealed = Buffer.from(staff!.totp_secret, 'base64');
    expect(sealed.subarray(0, 4).toString('latin1')).toBe('SWXE');
    expect(upgraded.keyRotation.activeKeyId).toBe('next');
    const usage = await upgraded.keyRotation.usage();
    // The chief's old secret is now under the active key; the review desk's member enrolled under `primary`
    // before the keyring changed, which is the rotation's business, not the upgrade's.
    expect(usage['staff.totp']).toEqual({ next: 1, primary: 1 });
    for (const byKey of Object.values(usage)) expect(byKey).not.toHaveProperty('legacy');
    const keyring = upgraded.config.identityKeys;
    expect(new Sealer(keyring).open(totpScope(chiefId), sealed).toString()).toBe(totpSecret);
    expect(usage['customer.totp']).toEqual({ next: 1 });
    const [customer] = rowsOf<{ secret: string }>(
      await server.database.db.execute(sql`select secret from customer_totp where user_id = ${alice.userId}`),
    );
    const customerSealed = Buffer.from(customer!.secret, 'base64');
    expect(customerSealed.subarray(0, 4).toString('latin1')).toBe('SWXE');
    expect(new Sealer(keyring).open(customerTotpScope(alice.userId), customerSealed).toString()).toBe(
      customerSecret,
    );
    // Bound to its customer: under another customer's scope it does not open.
    expect(() => new Sealer(keyring).open(customerTotpScope('999999'), customerSealed)).toThrow();
  });

  it('does nothing more on the next start', async () => {
    const again = await createServices(upgraded.config, server.database, pino({ level: 'silent' }));
    const report = await again.keyRotation.run({ legacyOnly: true });
    expect(report['staff.totp']).toMatchObject({ upgraded: 0 });
    expect(report['customer.totp']).toMatchObject({ upgraded: 0 });
  });
});
