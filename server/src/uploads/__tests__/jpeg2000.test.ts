import fc from 'fast-check';
import sharp from 'sharp';
import { AppError } from '../../http/errors';
import { reencodeImage, MAX_PIXELS, MAX_SIDE } from '../image';
import { codestreamOf, decodeJpeg2000, Jpeg2000Error } from '../jpeg2000';
import { imageMime } from '../magic';
import { encodeJ2k, makeJp2, pattern, wrapJp2 } from './jp2-fixture';

const limits = { maxSide: MAX_SIDE, maxPixels: MAX_PIXELS };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    if (error instanceof Jpeg2000Error) return error.reason;
    throw error;
  }
  throw new Error('accepted');
}

describe('JPEG 2000 decoding', () => {
  it.each([
    [3, 'RGB'],
    [1, 'grey'],
  ])('decodes a JP2 file of %i channels (%s) to exactly its pixels', async (channels) => {
    const { pixels, jp2 } = await makeJp2(33, 21, channels);
    const raw = await decodeJpeg2000(jp2, limits);
    expect([raw.width, raw.height, raw.channels]).toEqual([33, 21, channels]);
    expect(raw.pixels.equals(pixels)).toBe(true);
  });

  it('refuses images with alpha, which this decoder cannot interleave correctly', async () => {
    const { jp2 } = await makeJp2(33, 21, 4);
    expect(await refusal(decodeJpeg2000(jp2, limits))).toBe('format');
  });

  it('decodes a bare J2K codestream too', async () => {
    const { pixels, j2k } = await makeJp2(24, 16, 3);
    expect((await decodeJpeg2000(j2k, limits)).pixels.equals(pixels)).toBe(true);
  });

  it('finds the codestream in the jp2c box, and refuses a box longer than the file', async () => {
    const { j2k, jp2 } = await makeJp2(16, 16, 3);
    expect(codestreamOf(jp2).equals(j2k)).toBe(true);
    expect(() => codestreamOf(jp2.subarray(0, jp2.length - 1))).toThrow(Jpeg2000Error);
  });

  it('refuses an image wider than the limit from its header, before decoding it', async () => {
    const { jp2 } = await makeJp2(48, 16, 1);
    await expect(refusal(decodeJpeg2000(jp2, { maxSide: 47, maxPixels: MAX_PIXELS }))).resolves.toBe('size');
    await expect(refusal(decodeJpeg2000(jp2, { maxSide: MAX_SIDE, maxPixels: 767 }))).resolves.toBe('size');
    expect((await decodeJpeg2000(jp2, { maxSide: 48, maxPixels: 768 })).width).toBe(48);
  });

  it('refuses every truncation of a JP2 file', async () => {
    const { jp2 } = await makeJp2(24, 16, 3);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: jp2.length - 1 }), async (length) => {
        expect(await refusal(decodeJpeg2000(jp2.subarray(0, length), limits))).toBe('format');
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a codestream whose middle is damaged, then still decodes good files', async () => {
    const { pixels, j2k } = await makeJp2(24, 16, 3);
    const damaged = Buffer.from(j2k);
    damaged.fill(0xff, 20, 60); // inside the main header: markers no decoder can read
    expect(await refusal(decodeJpeg2000(wrapJp2(damaged, 24, 16, 3), limits))).toBe('format');
    expect((await decodeJpeg2000(j2k, limits)).pixels.equals(pixels)).toBe(true);
  });
});

describe('reencodeImage with JPEG 2000', () => {
  it('stores a JP2 file as a PNG of the same pixels, with nothing of the original file kept', async () => {
    const { pixels, jp2 } = await makeJp2(30, 20, 3);
    const clean = await reencodeImage(jp2);
    expect([clean.mime, clean.width, clean.height]).toEqual(['image/png', 30, 20]);
    expect(imageMime(clean.bytes)).toBe('image/png');
    expect(clean.bytes.includes('jp2c')).toBe(false);
    const { data, info } = await sharp(clean.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([30, 20, 3]);
    expect(data.equals(pixels)).toBe(true);
  });

  it('refuses a truncated JP2 with 11008', async () => {
    const { jp2 } = await makeJp2(30, 20, 3);
    await expect(refusal(reencodeImage(jp2.subarray(0, Math.floor(jp2.length * 0.7))))).resolves.toBe(
      '11008',
    );
  });

  it('refuses a JP2 signature with no codestream, and a J2K start followed by noise, with 11008', async () => {
    const head = wrapJp2(Buffer.alloc(0), 8, 8, 3).subarray(0, 32);
    await expect(refusal(reencodeImage(head))).resolves.toBe('11008');
    const noise = Buffer.concat([
      Buffer.from([0xff, 0x4f, 0xff, 0x51]),
      pattern(64, 1, 1),
      Buffer.from([0xff, 0xd9]),
    ]);
    await expect(refusal(reencodeImage(noise))).resolves.toBe('11008');
  });

  it('refuses a JP2 larger than the pixel limit with 11009', async () => {
    // A single-row image one pixel wider than MAX_SIDE: tiny to encode, refused from its header.
    const width = MAX_SIDE + 1;
    const j2k = await encodeJ2k(Buffer.alloc(width), width, 1, 1);
    await expect(refusal(reencodeImage(wrapJp2(j2k, width, 1, 1)))).resolves.toBe('11009');
  });
});
