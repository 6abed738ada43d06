import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { identityBody, signature } from './helpers';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  bob = await server.customer();
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const submit = (who: SignedUpCustomer, body: Record<string, unknown>) =>
  server.call(who, 'POST', '/user/identification', body);
const detail = async (who: SignedUpCustomer) =>
  (await server.call(who, 'GET', '/user/identification')).result;
const kycStatus = async (who: SignedUpCustomer) =>
  (await server.call(who, 'POST', '/user/getUserInfo')).result.kycStatus as string;

async function pendingReviewOf(who: SignedUpCustomer): Promise<{ id: string } & Record<string, unknown>> {
  const list = await server.admin('GET', '/reviews?kind=kyc&status=pending');
  const found = (list.result as { id: string; userId: string }[]).find((r) => r.userId === who.userId);
  if (!found) throw new Error('not pending');
  return found;
}

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('a first submission', () => {
  it('starts unverified and refuses anything incomplete or invalid, changing nothing', async () => {
    expect(await kycStatus(alice)).toBe('unverified');
    expect(await detail(alice)).toMatchObject({ status: 'unverified', submittedAt: null, rejections: [] });
    const full = await identityBody(server, alice);
    const { address: _address, ...noAddress } = full;
    expect((await submit(alice, noAddress)).code).toBe('11130');
    expect((await submit(alice, { ...full, handImage: undefined })).code).toBe('11130');
    expect((await submit(alice, { ...full, birthdate: '2015-01-01' })).code).toBe('11132');
    expect((await submit(alice, { ...full, birthdate: '1990-02-30' })).code).toBe('11135');
    expect((await submit(alice, { ...full, phone: '1234' })).code).toBe('11131');
    expect((await submit(alice, { ...full, areaCode: '+91' })).code).toBe('11131');
    expect((await submit(alice, { ...full, areaCode: '+1' })).code).toBe('11131');
    expect((await submit(alice, { ...full, signature: { ...signature, strokes: [] } })).code).toBe('11133');
    expect((await submit(alice, { ...full, signature: { ...signature, strokes: [[[5, 5]]] } })).code).toBe(
      '11133',
    );
    expect((await submit(alice, { ...full, country: 'XX' })).code).toBe('11135');
    expect((await submit(alice, { ...full, handImage: full.frontImage })).code).toBe('11040');
    expect(await detail(alice)).toMatchObject({ status: 'unverified', submittedAt: null });
    expect(await kycStatus(alice)).toBe('unverified');
  });

  it('refuses another customer’s upload as a photo', async () => {
    const full = await identityBody(server, bob);
    const res = await submit(bob, { ...full, frontImage: await server.upload(alice, 'identity') });
    expect(res.code).toBe('11008');
    expect((await detail(bob)).status).toBe('unverified');
  });

  it('takes only identity uploads as photos (a general upload, e.g. a deposit proof, is refused)', async () => {
    const full = await identityBody(server, bob);
    expect((await submit(bob, { ...full, handImage: await server.upload(bob) })).code).toBe('11008');
    expect((await submit(bob, { ...full, documentNumber: 'AB' })).code).toBe('11135');
    expect((await submit(bob, { ...full, documentNumber: '12345<script>' })).code).toBe('11135');
    const { documentNumber: _number, ...noNumber } = full;
    expect((await submit(bob, noNumber)).code).toBe('11130');
    expect((await detail(bob)).status).toBe('unverified');
  });

  it('needs no back photo for a passport', async () => {
    const carol = await server.customer();
    const { backImage: _back, ...passport } = {
      ...(await identityBody(server, carol)),
      documentType: 'passport',
    };
    const res = await submit(carol, passport);
    expect(res.code).toBe('200');
    expect(res.result.images).toEqual({ frontImage: true, backImage: false, handImage: true });
  });
});

describe('submit → reject one field → resubmit only that → approve', () => {
  let reviewId: string;
  let firstFront: string;

  it('accepts a complete submission as pending with the 48-hour target', async () => {
    const body = await identityBody(server, alice);
    firstFront = body.frontImage;
    const res = await submit(alice, body);
    expect(res.code).toBe('200');
    expect(res.message).toBe('20001');
    expect(res.result).toMatchObject({
      status: 'pending',
      firstName: 'Mei',
      documentNumber: body.documentNumber,
      phone: '81234567',
      hasSignature: true,
    });
    const submittedAt = Date.parse(res.result.submittedAt);
    expect(Date.parse(res.result.targetTime) - submittedAt).toBe(48 * 3_600_000);
    expect(await kycStatus(alice)).toBe('pending');
    expect((await submit(alice, await identityBody(server, alice))).code).toBe('10019');
    reviewId = (await pendingReviewOf(alice)).id;
  });

  it('lets staff fail one field with its own reason; the customer is told', async () => {
    const res = await server.admin('POST', `/reviews/kyc/${reviewId}/reject`, {
      reason: 'Please retake one photo',
      fields: { backImage: 'back photo unreadable' },
    });
    expect(res.code).toBe('200');
    const mine = await detail(alice);
    expect(mine.status).toBe('failed');
    expect(mine.rejections).toEqual([{ field: 'backImage', reason: 'back photo unreadable' }]);
    expect(await kycStatus(alice)).toBe('failed');
    expect(server.events).toContainEqual({
      userId: alice.userId,
      event: expect.objectContaining({ type: 'notification', kind: 'kyc.rejected' }),
    });
    const unknownField = await server.admin('POST', `/reviews/kyc/${reviewId}/reject`, { reason: 'x' });
    expect(unknownField.code).toBe('11043');
  });

  it('takes exactly the failed field again and keeps the rest', async () => {
    expect((await submit(alice, { firstName: 'May' })).code).toBe('11134');
    expect((await submit(alice, {})).code).toBe('11130');
    const backImage = await server.upload(alice, 'identity');
    expect((await submit(alice, { backImage, firstName: 'May' })).code).toBe('11134');
    const res = await submit(alice, { backImage });
    expect(res.code).toBe('200');
    expect(res.result).toMatchObject({ status: 'pending', firstName: 'Mei', rejections: [] });
    expect(res.result.images).toEqual({ frontImage: true, backImage: true, handImage: true });
    // The front photo was not resubmitted: its upload is still the one taken in the first round.
    expect((await submit(alice, { frontImage: firstFront })).code).toBe('10019');
  });

  it('approves: the customer is verified and told', async () => {
    const review = await pendingReviewOf(alice);
    expect(review.submissions).toBe(2);
    expect(review.imageUrls).toEqual({
      frontImage: `/swx/admin/kyc/${review.id}/image/frontImage`,
      backImage: `/swx/admin/kyc/${review.id}/image/backImage`,
      handImage: `/swx/admin/kyc/${review.id}/image/handImage`,
    });
    expect((await server.admin('POST', `/reviews/kyc/${review.id}/approve`)).code).toBe('200');
    expect(await kycStatus(alice)).toBe('verified');
    expect((await detail(alice)).status).toBe('verified');
    expect((await server.admin('POST', `/reviews/kyc/${review.id}/approve`)).code).toBe('11043');
    const audit = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/audit?action=review.kyc.approve',
      headers: { authorization: server.chief },
    });
    expect(audit.json().result.items.length).toBeGreaterThanOrEqual(1);
  });
});

describe('identity photos', () => {
  it('are shown to their owner as thumbnails only, and to staff in full with an audit row each time', async () => {
    const own = await server.app.inject({
      method: 'GET',
      url: '/swx/customer/user/identification/image/frontImage',
      headers: { authorization: alice.token, virtually: 'YES' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');
    // Bob has no photos: his request never reaches Alice's.
    const other = await server.call(bob, 'GET', '/user/identification/image/frontImage');
    expect(other.status).toBe(404);
    const anonymous = await server.call(null, 'GET', '/user/identification/image/frontImage');
    expect(anonymous.status).toBe(401);

    const reviewId = (await server.admin('GET', '/reviews?kind=kyc&status=verified')).result.find(
      (r: { userId: string }) => r.userId === alice.userId,
    ).id;
    const staffView = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/kyc/${reviewId}/image/handImage`,
      headers: { authorization: server.staff },
    });
    expect(staffView.statusCode).toBe(200);
    expect((await sharp(staffView.rawPayload).metadata()).width).toBe(1);
    const audit = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/audit?action=kyc.image.view',
      headers: { authorization: server.chief },
    });
    expect(audit.json().result.items[0]).toMatchObject({ target: `kyc:${reviewId}` });
    const unauthenticated = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/kyc/${reviewId}/image/handImage`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('are sealed on disk (no image bytes, mode 600), and the uploads they came from are gone', async () => {
    const sealed = filesUnder(server.config.identityDir);
    expect(sealed.length).toBeGreaterThanOrEqual(5);
    for (const file of sealed) {
      expect(file.endsWith('.sealed')).toBe(true);
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(Buffer.from('PNG'))).toBe(false);
      expect(bytes.includes(Buffer.from('IHDR'))).toBe(false);
      await expect(sharp(bytes).metadata()).rejects.toThrow();
      expect(fs.statSync(file).mode & 0o077).toBe(0);
    }
    const taken = await server.database.db.execute(sql`select upload_id, sealed_key from kyc_files`);
    const rows = rowsOf<{ upload_id: string; sealed_key: Uint8Array }>(taken);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(Buffer.from(row.sealed_key).subarray(0, 4).toString('latin1')).toBe('SWXE');
      expect(
        fs.existsSync(
          path.join(server.config.uploadDir, row.upload_id.slice(0, 2), `${row.upload_id}.sealed`),
        ),
      ).toBe(false);
      const upload = await server.database.db.execute(sql`select 1 from uploads where id = ${row.upload_id}`);
      expect(rowsOf(upload)).toHaveLength(0);
    }
  });

  it('answer a clean 11240 when a sealed photo is moved to another customer, showing nothing', async () => {
    const carol = await server.customer();
    expect((await submit(carol, await identityBody(server, carol))).code).toBe('200');
    const [aliceRow] = rowsOf<{ front_file: string }>(
      await server.database.db.execute(
        sql`select front_file from kyc_identities where user_id = ${alice.userId}`,
      ),
    );
    const [carolRow] = rowsOf<{ id: string; front_file: string }>(
      await server.database.db.execute(
        sql`select id::text as id, front_file from kyc_identities where user_id = ${carol.userId}`,
      ),
    );
    // Someone with database access points Carol's record at Alice's photo (file and key part).
    await server.database.db.execute(
      sql`update kyc_identities set front_file = ${aliceRow!.front_file} where user_id = ${carol.userId}`,
    );
    const moved = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/kyc/${carolRow!.id}/image/frontImage`,
      headers: { authorization: server.staff },
    });
    expect(moved.statusCode).toBe(503);
    expect(moved.json()).toMatchObject({ code: '11240', result: null });
    expect(moved.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
    const thumbnail = await server.call(carol, 'GET', '/user/identification/image/frontImage');
    expect(thumbnail.code).toBe('11240');
    await server.database.db.execute(
      sql`update kyc_identities set front_file = ${carolRow!.front_file} where user_id = ${carol.userId}`,
    );
    // A damaged file is refused the same way.
    const file = path.join(
      server.config.identityDir,
      carolRow!.front_file.slice(0, 2),
      `${carolRow!.front_file}.sealed`,
    );
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    expect((await server.call(carol, 'GET', '/user/identification/image/frontImage')).code).toBe('11240');
    // The customer's own data still opens: one damaged photo does not take the record with it.
    expect((await detail(carol)).firstName).toBe('Mei');
  });
});
