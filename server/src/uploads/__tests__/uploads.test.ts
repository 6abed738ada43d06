import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestServer } from '../../test/harness';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { createStaffTestServer, staffMember } from '../../staff/__tests__/helpers';
import { auditLog } from '../../staff/tables';
import { imageMime } from '../magic';
import { uploads } from '../tables';
import { MAX_SIDE } from '../image';
import { Sealer } from '../../platform/crypto';
import { IDENTITY_DRAFT_MS, UploadsService } from '../service';
import { makeJp2 } from './jp2-fixture';

const limit = 4096;
let server: TestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  // A small limit so the over-limit case needs only a few kilobytes.
  server = await createStaffTestServer({ UPLOAD_LIMIT: String(limit) });
  alice = await signUpCustomer(server);
  bob = await signUpCustomer(server);
});
afterAll(async () => server.close());

// Real images made by the image library itself; the JPEG carries an EXIF block with a GPS position.
const gps = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 26/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 39/1',
};
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 24, height: 16, channels: 4, background: '#2a6' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c83' } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'SpyCam', Software: 'tracker 1.0' }, GPS: gps } as never)
    .toBuffer();
});
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 4)]);
const jp2 = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
  Buffer.from([0x00, 0x00, 0x00, 0x14]),
  Buffer.from('ftypjp2 \0\0\0\0jp2 '),
  Buffer.alloc(32, 2),
]);

function multipart(file: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----swx${crypto.randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'photo.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  who: SignedUpCustomer | null,
  file: Buffer,
  options: Parameters<typeof multipart>[1] = {},
  purpose: 'general' | 'identity' = 'general',
) {
  const body = multipart(file, options);
  return server.app.inject({
    method: 'POST',
    url: purpose === 'identity' ? '/swx/customer/upload/identity' : '/swx/customer/upload/image',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { authorization: who.token } : {}) },
  });
}

/** The file on disk: the sealed data part, never the image. */
const sealedFile = (id: string) =>
  fs.readFileSync(path.join(server.config.uploadDir, id.slice(0, 2), `${id}.sealed`));
/** The image as the server opens it for its owner. */
const storedImage = async (id: string, owner: SignedUpCustomer = alice) =>
  server.services.uploads.read(await server.services.uploads.findOwned(id, owner.userId));
const storedFiles = () =>
  fs.existsSync(server.config.uploadDir)
    ? fs.readdirSync(server.config.uploadDir, { recursive: true }).map(String).sort()
    : [];

const read = (who: SignedUpCustomer, id: string) =>
  server.app.inject({
    method: 'GET',
    url: `/swx/customer/upload/image/${id}`,
    headers: { authorization: who.token },
  });

describe('image upload', () => {
  it.each([
    ['PNG', () => png, 'image/png'],
    ['JPEG', () => jpeg, 'image/jpeg'],
  ])('accepts %s by its contents and stores it re-encoded', async (_name, bytesOf, mime) => {
    const bytes = bytesOf();
    const res = await upload(alice, bytes, { filename: 'whatever.bin', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    const { id, mime: stored, size } = res.json().result;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored).toBe(mime);
    // Stored sealed under the upload folder by its random id, never by the client's file name.
    const sealed = sealedFile(id);
    const file = await storedImage(id);
    expect(size).toBe(file.length);
    expect(sealed.includes(file.subarray(0, 16))).toBe(false);
    expect(fs.statSync(path.join(server.config.uploadDir, id.slice(0, 2), `${id}.sealed`)).mode & 0o077).toBe(
      0,
    );
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({
      ownerUserId: BigInt(alice.userId),
      mime,
      size: file.length,
      purpose: 'general',
    });
    expect(row!.sealedKey!.subarray(0, 4).toString('latin1')).toBe('SWXE');
    expect(row!.sha256).toBe(crypto.createHash('sha256').update(sealed).digest('hex'));
    // The same picture, decoded and encoded again by the server.
    const before = await sharp(bytes).metadata();
    const after = await sharp(file).metadata();
    expect([after.format, after.width, after.height]).toEqual([before.format, before.width, before.height]);
  });

  it('accepts a real JPEG 2000 file and stores it as a PNG of the same pixels', async () => {
    const { pixels, jp2: real } = await makeJp2(24, 16, 3);
    const res = await upload(bob, real, { filename: 'scan.jp2', type: 'image/jp2' });
    expect(res.statusCode).toBe(200);
    const { id, mime } = res.json().result;
    expect(mime).toBe('image/png');
    const { data, info } = await sharp(await storedImage(id, bob))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height]).toEqual(['raw', 24, 16]);
    expect(data.equals(pixels)).toBe(true);
    const served = await read(bob, id);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a truncated JPEG 2000 file with 11008 and keeps nothing', async () => {
    const { jp2: real } = await makeJp2(24, 16, 3);
    const files = storedFiles();
    const res = await upload(bob, real.subarray(0, real.length - 40), { filename: 'scan.jp2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '11008', result: null });
    expect(storedFiles()).toEqual(files);
  });

  it('strips EXIF metadata, GPS position included', async () => {
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('SpyCam')).toBe(true);
    const { id } = (await upload(alice, jpeg, { filename: 'holiday.jpg', type: 'image/jpeg' })).json().result;
    const file = await storedImage(id);
    const metadata = await sharp(file).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(file.includes('SpyCam')).toBe(false);
    expect(file.includes('Exif')).toBe(false);
  });

  it('drops anything hidden after the image (a PNG with a script appended)', async () => {
    const hidden = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script>')]);
    const res = await upload(alice, hidden);
    expect(res.statusCode).toBe(200);
    const { id } = res.json().result;
    const file = await storedImage(id);
    expect(file.includes('<script>')).toBe(false);
  });

  it.each([
    [
      'a PNG signature followed by text (polyglot)',
      () => Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script> not an image at all')]),
    ],
    ['a truncated JPEG', () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6))],
    ['a truncated PNG', () => png.subarray(0, png.length - 20)],
    [
      'a JPEG signature and noise',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(300)]),
    ],
    ['a JPEG 2000 signature with no codestream', () => jp2],
  ])('refuses %s with 11008 and keeps nothing', async (_name, bytesOf) => {
    const before = await server.database.db.select().from(uploads);
    const files = storedFiles();
    const res = await upload(alice, bytesOf());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '11008', result: null });
    expect(await server.database.db.select().from(uploads)).toHaveLength(before.length);
    expect(storedFiles()).toEqual(files);
  });

  it.each([
    ['GIF', gif, 'anim.gif'],
    ['text renamed .png', Buffer.from('this is not an image at all'), 'notes.png'],
    ['tiny text', Buffer.from('hi'), 'a.jpg'],
    ['empty file', Buffer.alloc(0), 'empty.png'],
  ])('refuses %s with 11008 and keeps nothing', async (_name, bytes, filename) => {
    const before = await server.database.db.select().from(uploads);
    const res = await upload(alice, bytes, { filename, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '11008', result: null });
    expect(await server.database.db.select().from(uploads)).toHaveLength(before.length);
  });

  it('refuses a file over the limit with 11009 and leaves no partial file', async () => {
    const big = Buffer.concat([png, Buffer.alloc(limit, 7)]);
    const res = await upload(alice, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: '11009', result: null });
    const leftovers = fs
      .readdirSync(server.config.uploadDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  it('accepts a file exactly at the limit', async () => {
    const exact = Buffer.concat([png, Buffer.alloc(limit - png.length, 7)]);
    expect((await upload(alice, exact)).statusCode).toBe(200);
  });

  it('needs a signed-in customer', async () => {
    const res = await upload(null, png);
    expect(res.statusCode).toBe(401);
  });

  it('needs the field "file" and a multipart body', async () => {
    expect((await upload(alice, png, { field: 'image' })).json().code).toBe('11040');
    const json = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/upload/image',
      payload: { file: 'x' },
      headers: { authorization: alice.token },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });
});

describe('reading uploads', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload(alice, png)).json().result.id;
  });

  it('streams the image to its owner with its type', async () => {
    const res = await read(alice, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}.png"`);
    expect(res.rawPayload.equals(await storedImage(id))).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
  });

  it('answers 404 to another customer (no probing), and for unknown or malformed ids', async () => {
    for (const [who, target] of [
      [bob, id],
      [alice, crypto.randomBytes(16).toString('hex')],
      [alice, '..%2F..%2Fetc%2Fpasswd'],
      [alice, 'abc'],
    ] as const) {
      const res = await read(who, target);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: '404', result: null });
    }
  });

  it('lets staff read a general upload (a deposit proof), audited', async () => {
    const token = (await staffMember(server, 'proofs', ['reviewer'])).token;
    const res = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/uploads/${id}`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}.png"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(await storedImage(id))).toBe(true);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `upload:${id}`));
    expect(rows[0]).toMatchObject({ action: 'upload.view', details: { ownerUserId: alice.userId } });
    const customer = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/uploads/${id}`,
      headers: { authorization: alice.token },
    });
    expect(customer.statusCode).toBe(401);
  });

  it('keeps identity photos from staff: the generic upload route answers 404, as for an unknown id', async () => {
    const identity = (await upload(alice, png, {}, 'identity')).json().result.id as string;
    const own = await read(alice, identity);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const token = (await staffMember(server, 'photos', ['reviewer'])).token;
    const res = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/uploads/${identity}`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404', result: null });
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `upload:${identity}`));
    expect(rows).toHaveLength(0);
    // Nor can an identity photo stand in for a deposit proof, or a general upload for an identity photo.
    const { uploads: service } = server.services;
    const { db } = server.database;
    await expect(
      db.transaction((tx) => service.assertOwned(tx, identity, alice.userId)),
    ).rejects.toMatchObject({
      code: '11008',
    });
    await expect(
      db.transaction((tx) => service.assertOwned(tx, id, alice.userId, 'identity')),
    ).rejects.toMatchObject({ code: '11008' });
  });

  it('answers 11240 for a sealed file that was tampered with, never the bytes', async () => {
    const gina = await signUpCustomer(server);
    const victim = (await upload(gina, png)).json().result.id as string;
    const file = path.join(server.config.uploadDir, victim.slice(0, 2), `${victim}.sealed`);
    const bytes = fs.readFileSync(file);
    bytes[20] = bytes[20]! ^ 0x01;
    fs.writeFileSync(file, bytes);
    const res = await read(gina, victim);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: '11240', result: null });
  });

  it('assertOwned accepts the owner and refuses anyone else with 11008', async () => {
    const { uploads: service } = server.services;
    const { db } = server.database;
    await expect(db.transaction((tx) => service.assertOwned(tx, id, alice.userId))).resolves.toMatchObject({
      id,
      mime: 'image/png',
    });
    await expect(db.transaction((tx) => service.assertOwned(tx, id, bob.userId))).rejects.toMatchObject({
      code: '11008',
    });
    await expect(db.transaction((tx) => service.assertOwned(tx, 'nope', alice.userId))).rejects.toMatchObject(
      { code: '11008' },
    );
  });
});

describe('magic bytes', () => {
  it('needs the whole signature', () => {
    expect(imageMime(png.subarray(0, 7))).toBeUndefined();
    expect(imageMime(png.subarray(0, 8))).toBe('image/png');
    expect(imageMime(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(imageMime(Buffer.from([0xff, 0x4f, 0xff, 0x52]))).toBeUndefined();
    // JPEG 2000 is recognised (decoded later by OpenJPEG); SOC must be followed at once by SIZ.
    expect(imageMime(jp2)).toBe('image/jp2');
    expect(imageMime(Buffer.from([0xff, 0x4f, 0xff, 0x51]))).toBe('image/jp2');
  });
});

describe('pixel dimensions', () => {
  it.each([
    [MAX_SIDE + 1, 1],
    [1, MAX_SIDE + 1],
  ])('refuses %i × %i pixels with 11009', async (width, height) => {
    const wide = await sharp({ create: { width, height, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.length).toBeLessThan(limit);
    const res = await upload(alice, wide);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: '11009', result: null });
  });
});

describe('per-customer daily quota', () => {
  let carol: SignedUpCustomer;
  let staffId: string;
  const setParam = (key: string, value: string) =>
    server.services.params.set(key, value, { staffId, reason: 'quota test' });
  beforeAll(async () => {
    carol = await signUpCustomer(server);
    staffId = (await server.services.staff.findByUsername('chief'))!.staffId;
    await setParam('upload_daily_count', '2');
  });
  afterAll(async () => setParam('upload_daily_count', '30'));

  it('refuses the upload past the daily count with 11044; other customers are not affected', async () => {
    expect((await upload(carol, png)).statusCode).toBe(200);
    expect((await upload(carol, jpeg, { type: 'image/jpeg' })).statusCode).toBe(200);
    const files = storedFiles();
    const refused = await upload(carol, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: '11044', result: null });
    expect(storedFiles()).toEqual(files);
    expect((await upload(bob, png)).statusCode).toBe(200);
  });

  it('counts parallel uploads one at a time', async () => {
    const dave = await signUpCustomer(server);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(dave, png)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.json().code === '11044')).toHaveLength(3);
  });

  it('counts stored bytes over a rolling 24 hours', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const bytesOf = async () => (await sharp(png).png({ compressionLevel: 9 }).toBuffer()).length;
    const one = await bytesOf();
    const service = new UploadsService({
      db: server.database.db,
      uploadDir: server.config.uploadDir,
      limit,
      quota: () => ({ count: 100, bytes: one * 2 }),
      sealer: new Sealer(server.config.identityKeys),
      clock: { now: () => new Date(now) },
    });
    const erin = await signUpCustomer(server);
    const chunks = async function* () {
      yield png;
    };
    await service.store(erin.userId, chunks());
    await service.store(erin.userId, chunks());
    await expect(service.store(erin.userId, chunks())).rejects.toMatchObject({ code: '11044' });
    now += 24 * 60 * 60 * 1000 + 1000;
    await expect(service.store(erin.userId, chunks())).resolves.toMatchObject({ mime: 'image/png' });
  });
});

describe('identity uploads no submission took over', () => {
  it('are purged after 24 hours with their files, audited as a count; general uploads stay', async () => {
    let now = Date.parse('2026-05-01T08:00:00Z');
    const service = new UploadsService({
      db: server.database.db,
      uploadDir: server.config.uploadDir,
      limit,
      quota: () => ({ count: 100, bytes: 10_000_000 }),
      sealer: new Sealer(server.config.identityKeys),
      clock: { now: () => new Date(now) },
    });
    const frank = await signUpCustomer(server);
    const chunks = async function* () {
      yield png;
    };
    const draft = await service.store(frank.userId, chunks(), () => false, 'identity');
    const proof = await service.store(frank.userId, chunks(), () => false, 'general');
    now += IDENTITY_DRAFT_MS - 1000;
    const later = await service.store(frank.userId, chunks(), () => false, 'identity');
    const drafts = () =>
      server.database.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.ownerUserId, BigInt(frank.userId)));
    const { audit } = server.services;
    // Not yet 24 hours: nothing goes.
    expect(await service.purgeIdentityDrafts(now, audit)).toBe(0);
    now += 2000;
    expect(await service.purgeIdentityDrafts(now, audit)).toBeGreaterThanOrEqual(1);
    const left = (await drafts()).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([proof.id, later.id]));
    expect(left).not.toContain(draft.id);
    expect(
      fs.existsSync(path.join(server.config.uploadDir, draft.id.slice(0, 2), `${draft.id}.sealed`)),
    ).toBe(false);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'uploads:identity-drafts'));
    expect(entry).toMatchObject({ action: 'retention.purge', staffId: null });
    // Counts only: no customer, no upload id.
    expect(Object.keys(entry!.details as object).sort()).toEqual(['olderThan', 'uploads']);
    expect((entry!.details as { uploads: number }).uploads).toBeGreaterThanOrEqual(1);
    // A second pass at the same time finds nothing more to do.
    expect(await service.purgeIdentityDrafts(now, audit)).toBe(0);
  });
});
