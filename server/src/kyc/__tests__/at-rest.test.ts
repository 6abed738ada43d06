import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { SignedUpCustomer } from '../../auth/testing';
import { totpSecretOf } from '../../staff/__tests__/helpers';
import { rowsOf } from '../../db/rows';
import { loansServer, pdfText, signature, type LoansTestServer } from '../../loans/__tests__/helpers';
import { enableTotp } from '../../security/testing';
import { customerTotpScope } from '../../security/totp';
import { Sealer, SealError, keyIdOf } from '../../platform/crypto';

/**
 * The proof of issue 27, item 6: after a full KYC and loan flow, the raw database rows and every file the
 * server wrote hold no personal field in plain, no byte pattern of the identity photos, no PDF, no signature
 * strokes and no two-factor secret (staff or customer) or recovery code. Values are chosen to be
 * unmistakable, so a hit means a leak. Passkeys keep only public keys and counters: nothing to find.
 */
const person = {
  documentType: 'passport',
  documentNumber: 'K9876543Z',
  firstName: 'Quintessa',
  lastName: 'Vandermolen',
  birthdate: '1987-06-19',
  sex: 'female',
  country: 'SG',
  address: '77 Zyxwvut Lane, Singapore 079903',
  areaCode: '+65',
  phone: '9123 4876',
};
/** How the server keeps the phone number (digits only). */
const nationalPhone = '91234876';

let server: LoansTestServer;
let borrower: SignedUpCustomer;
let photos: Buffer[];
let contractPdf: Buffer;
let customerTotp: { secret: string; recoveryCodes: string[] };

/** A photo no other test makes: random pixels, so any 32 bytes of it are its own. */
async function uniquePhoto(): Promise<Buffer> {
  return sharp(crypto.randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
    .png()
    .toBuffer();
}

async function uploadIdentityPhoto(who: SignedUpCustomer, png: Buffer): Promise<string> {
  const boundary = `----swx${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await server.app.inject({
    method: 'POST',
    url: '/swx/customer/upload/identity',
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: who.token },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.id;
}

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Each table's rows as the bytes a database dump would hold: text as UTF-8, bytea raw, JSON as text. */
async function rawTables(): Promise<Map<string, Buffer>> {
  const tables = rowsOf<{ name: string }>(
    await server.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((row) => row.name);
  const dump = new Map<string, Buffer>();
  for (const table of tables) {
    const rows = rowsOf<Record<string, unknown>>(
      await server.database.db.execute(sql`select * from ${sql.identifier(table)}`),
    );
    const parts: Buffer[] = [];
    for (const row of rows)
      for (const value of Object.values(row)) {
        if (value === null || value === undefined) continue;
        if (value instanceof Uint8Array) parts.push(Buffer.from(value));
        else if (typeof value === 'object' && !(value instanceof Date))
          parts.push(Buffer.from(JSON.stringify(value)));
        else parts.push(Buffer.from(String(value)));
        parts.push(Buffer.from('\u0000'));
      }
    dump.set(table, Buffer.concat(parts));
  }
  return dump;
}

beforeAll(async () => {
  server = await loansServer();
  borrower = await server.customer();
  photos = [await uniquePhoto(), await uniquePhoto()];
  const submitted = await server.call(borrower, 'POST', '/user/identification', {
    ...person,
    frontImage: await uploadIdentityPhoto(borrower, photos[0]!),
    handImage: await uploadIdentityPhoto(borrower, photos[1]!),
    signature,
  });
  expect(submitted.code).toBe('200');
  // A reviewer opens the record, reveals the masked fields, views a photo, then approves.
  const pending = (await server.admin('GET', '/reviews?kind=kyc&status=pending')).result as {
    id: string;
    userId: string;
  }[];
  const reviewId = pending.find((item) => item.userId === borrower.userId)!.id;
  expect((await server.admin('GET', `/kyc/${reviewId}/identity`)).code).toBe('200');
  expect(
    (await server.admin('POST', `/kyc/${reviewId}/reveal`, { fields: ['documentNumber', 'birthdate'] }))
      .result,
  ).toEqual({
    documentNumber: person.documentNumber,
    birthdate: person.birthdate,
  });
  expect((await server.admin('POST', `/reviews/kyc/${reviewId}/approve`)).code).toBe('200');
  // A loan: quote, sign (the contract PDF prints name, birth date, address, phone and the signature), approve.
  const loan = await server.sign(borrower, '800', 14);
  expect((await server.approve(loan.id)).code).toBe('200');
  const download = await server.app.inject({
    method: 'GET',
    url: `/swx/customer/user/loanContract/${loan.id}`,
    headers: { authorization: borrower.token, virtually: 'YES' },
  });
  contractPdf = download.rawPayload;
  // The borrower turns on two-factor sign-in: the secret is sealed like staff ones.
  customerTotp = await enableTotp(server, borrower.token);
});
afterAll(async () => server.close());

describe('identity data at rest after a full KYC and loan flow', () => {
  it('is what the customer and staff see, opened on demand', async () => {
    const text = pdfText(contractPdf);
    expect(text).toContain(person.firstName);
    expect(text).toContain(person.address.slice(0, 20));
    const mine = (await server.call(borrower, 'GET', '/user/identification')).result;
    expect(mine).toMatchObject({ firstName: person.firstName, documentNumber: person.documentNumber });
  });

  it('leaves no plain personal field, photo bytes, PDF or signature in any database row', async () => {
    const photoChunks = photos.flatMap((png) => {
      // Past the header, where the random pixels' compressed bytes are.
      const chunks: Buffer[] = [];
      for (let at = 64; at + 32 <= png.length; at += 257) chunks.push(png.subarray(at, at + 32));
      return chunks;
    });
    const needles: [string, Buffer][] = [
      ...Object.entries(person)
        .filter(([field]) => !['documentType', 'sex', 'country', 'areaCode', 'phone'].includes(field))
        .map(([field, value]): [string, Buffer] => [field, Buffer.from(value)]),
      ['phone', Buffer.from(nationalPhone)],
      ['document number, normalised', Buffer.from(person.documentNumber.toLowerCase())],
      ['signature strokes', Buffer.from('"strokes"')],
      ['signature point', Buffer.from('[20,90]')],
      ['PDF header', Buffer.from('%PDF-')],
      [
        'PDF text',
        Buffer.from(
          pdfText(contractPdf)
            .split('\n')
            .find((line) => line.includes(person.lastName))!
            .trim(),
        ),
      ],
      ['staff TOTP secret', Buffer.from(totpSecretOf(server, 'chief')!)],
      ['customer TOTP secret', Buffer.from(customerTotp.secret)],
      ...customerTotp.recoveryCodes.map((code, index): [string, Buffer] => [
        `customer recovery code #${index}`,
        Buffer.from(code),
      ]),
      ...photoChunks.map((chunk, index): [string, Buffer] => [`photo bytes #${index}`, chunk]),
    ];
    const dump = await rawTables();
    // The dump does hold what is kept in plain on purpose (the username, the loan's amount), so a miss is real.
    expect(dump.get('users')!.includes(Buffer.from(borrower.username))).toBe(true);
    expect(dump.get('loans')!.includes(Buffer.from('800'))).toBe(true);
    const found: string[] = [];
    for (const [table, bytes] of dump)
      for (const [what, needle] of needles) if (bytes.includes(needle)) found.push(`${what} in ${table}`);
    expect(found).toEqual([]);
  });

  it('leaves no image, PDF or personal field in any file the server wrote', async () => {
    const files = [...filesUnder(server.config.uploadDir), ...filesUnder(server.config.identityDir)];
    // The two photos were uploaded and taken over: their sealed copies are there.
    expect(files.filter((file) => file.startsWith(server.config.identityDir)).length).toBe(2);
    const found: string[] = [];
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      for (const [what, needle] of [
        ['PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
        ['PNG header chunk', Buffer.from('IHDR')],
        ['JPEG start', Buffer.from([0xff, 0xd8, 0xff])],
        ['PDF header', Buffer.from('%PDF-')],
        ['name', Buffer.from(person.lastName)],
      ] as [string, Buffer][])
        if (bytes.includes(needle)) found.push(`${what} in ${path.relative(server.config.dataDir, file)}`);
      await expect(sharp(bytes).metadata()).rejects.toThrow();
    }
    expect(found).toEqual([]);
  });

  it('seals the customer TOTP secret as an envelope under the active key, bound to the customer', async () => {
    const [row] = rowsOf<{ secret: string }>(
      await server.database.db.execute(
        sql`select secret from customer_totp where user_id = ${borrower.userId}`,
      ),
    );
    const sealed = Buffer.from(row!.secret, 'base64');
    const sealer = new Sealer(server.config.identityKeys);
    expect(keyIdOf(sealed)).toBe(sealer.activeKeyId);
    expect(sealer.open(customerTotpScope(borrower.userId), sealed).toString()).toBe(customerTotp.secret);
    expect(() => sealer.open(customerTotpScope(`${borrower.userId}0`), sealed)).toThrow(SealError);
    expect((await server.services.keyRotation.usage())['customer.totp']).toEqual({
      [sealer.activeKeyId]: 1,
    });
  });

  it('keeps the document number searchable only as a keyed hash', async () => {
    const [row] = rowsOf<{ document_index: string }>(
      await server.database.db.execute(
        sql`select document_index from kyc_identities where user_id = ${borrower.userId}`,
      ),
    );
    expect(row!.document_index).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.document_index).not.toBe(
      crypto.createHash('sha256').update(person.documentNumber).digest('base64url'),
    );
  });
});
