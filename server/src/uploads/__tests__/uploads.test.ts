import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { createStaffTestServer, staffToken } from '../../admin/__tests__/helpers';
import { auditLog } from '../../admin/tables';
import { imageMime } from '../magic';
import { uploads } from '../tables';

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

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const jp2 = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
  Buffer.from([0x00, 0x00, 0x00, 0x14]),
  Buffer.from('ftypjp2 \0\0\0\0jp2 '),
  Buffer.alloc(32, 2),
]);
const j2k = Buffer.concat([Buffer.from([0xff, 0x4f, 0xff, 0x51, 0x00, 0x29]), Buffer.alloc(48, 3)]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 4)]);

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
) {
  const body = multipart(file, options);
  return server.app.inject({
    method: 'POST',
    url: '/swx/customer/upload/image',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { authorization: who.token } : {}) },
  });
}

const read = (who: SignedUpCustomer, id: string) =>
  server.app.inject({
    method: 'GET',
    url: `/swx/customer/upload/image/${id}`,
    headers: { authorization: who.token },
  });

describe('image upload', () => {
  it.each([
    ['PNG', png, 'image/png'],
    ['JPEG', jpeg, 'image/jpeg'],
    ['JPEG 2000 (JP2)', jp2, 'image/jp2'],
    ['JPEG 2000 codestream', j2k, 'image/j2c'],
  ])('accepts %s by its bytes', async (_name, bytes, mime) => {
    const res = await upload(alice, bytes, { filename: 'whatever.bin', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    const { id, mime: stored, size } = res.json().result;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored).toBe(mime);
    expect(size).toBe(bytes.length);
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ ownerUserId: BigInt(alice.userId), mime, size: bytes.length });
    expect(row!.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    // Stored under the upload folder by its random id, never by the client's file name.
    const stored_path = path.join(server.config.uploadDir, id.slice(0, 2), id);
    expect(fs.readFileSync(stored_path).equals(bytes)).toBe(true);
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
    expect(res.rawPayload.equals(png)).toBe(true);
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

  it('lets staff read any upload, audited', async () => {
    const token = await staffToken(server);
    const res = await server.app.inject({
      method: 'GET',
      url: `/swx/admin/uploads/${id}`,
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
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
  });
});
