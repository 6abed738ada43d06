import zlib from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';

/** Charity NFT listings through the admin API, for specs that need an auction ending at a known time. */

async function envelope<T>(answer: { json(): Promise<unknown> }, what: string): Promise<T> {
  const body = (await answer.json()) as { code: string; message: string; result: T };
  expect(body, `${what}: ${body.message}`).toMatchObject({ code: '200' });
  return body.result;
}

/** A square PNG of one colour: real image bytes for the artwork upload, which re-encodes what it gets. */
export function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A listing open now whose auction ends `seconds` from now (its settlement is a scheduler job at that end). */
export async function createListing(
  request: APIRequestContext,
  staff: string,
  title: string,
  seconds: number,
) {
  const artwork = await envelope<{ id: string }>(
    await request.post('/swx/admin/nfts/artwork', {
      headers: { Authorization: staff },
      multipart: { file: { name: 'art.png', mimeType: 'image/png', buffer: png(96, [230, 120, 40]) } },
    }),
    'artwork upload',
  );
  const now = Date.now();
  return envelope<{ id: string }>(
    await request.post('/swx/admin/nfts', {
      headers: { Authorization: staff },
      data: {
        title,
        creator: 'E2E Studio',
        chain: 'Ethereum',
        contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        tokenId: String(now),
        image: artwork.id,
        descriptions: {
          en: 'An orange square, auctioned by the end-to-end suite.',
          de: 'Ein oranges Quadrat.',
        },
        startingBid: '100',
        startsAt: new Date(now - 1000).toISOString(),
        endsAt: new Date(now + seconds * 1000).toISOString(),
        charity: 'Children’s Hospital Fund',
      },
    }),
    'create listing',
  );
}
