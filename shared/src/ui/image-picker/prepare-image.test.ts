import {
  detectImageFormat,
  ImageError,
  prepareImage,
  reencodeThresholdBytes,
  type JpegEncoder,
} from './prepare-image';

const MB = 1024 * 1024;
const jpegHead = [0xff, 0xd8, 0xff, 0xe0];
const pngHead = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jp2Head = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const j2kHead = [0xff, 0x4f, 0xff, 0x51];

/** A file of `size` bytes starting with `head`; Blob parts keep memory low for the 50 MB cases. */
function fileOf(head: number[], size: number, name = 'photo.bin', type = ''): File {
  const rest = Math.max(0, size - head.length);
  return new File([new Uint8Array(head), new Uint8Array(rest)], name, { type });
}

const bitmap = (width: number, height: number) =>
  ({ width, height, close: jest.fn() }) as unknown as ImageBitmap;

describe('image format by magic number', () => {
  it.each([
    ['jpeg', jpegHead],
    ['png', pngHead],
    ['jpeg2000', jp2Head],
    ['jpeg2000', j2kHead],
  ])('recognises %s', async (format, head) => {
    await expect(detectImageFormat(fileOf(head, 100))).resolves.toBe(format);
  });

  it('goes by the bytes, not the name or type', async () => {
    const gifNamedJpg = fileOf([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 100, 'photo.jpg', 'image/jpeg');
    await expect(detectImageFormat(gifNamedJpg)).resolves.toBeNull();
    await expect(prepareImage(gifNamedJpg)).rejects.toEqual(new ImageError('imageFormat'));
    const pngNamedTxt = fileOf(pngHead, 100, 'notes.txt', 'text/plain');
    await expect(prepareImage(pngNamedTxt)).resolves.toMatchObject({ format: 'png', reencoded: false });
  });

  it('refuses an empty file', async () => {
    await expect(prepareImage(new File([], 'empty.jpg'))).rejects.toMatchObject({ reason: 'imageFormat' });
  });
});

describe('image size rules', () => {
  it('passes JPG and PNG of at most 2 MB through untouched', async () => {
    const file = fileOf(jpegHead, 2 * MB);
    const encoder = jest.fn();
    const prepared = await prepareImage(file, { encoder });
    expect(prepared.file).toBe(file);
    expect(encoder).not.toHaveBeenCalled();
  });

  // Two 50 MB blobs in jsdom: seconds on a loaded two-core machine, so this one gets more than Jest's 5 s.
  it('passes JPEG 2000 through as it is up to 50 MB, and refuses larger', async () => {
    const file = fileOf(jp2Head, 50 * MB);
    const encoder = jest.fn();
    await expect(prepareImage(file, { encoder })).resolves.toEqual({
      file,
      format: 'jpeg2000',
      reencoded: false,
    });
    expect(encoder).not.toHaveBeenCalled();
    await expect(prepareImage(fileOf(jp2Head, 50 * MB + 1))).rejects.toEqual(new ImageError('imageSize', 50));
  });

  it('re-encodes a PNG over 2 MB to a JPEG of at most 2 MB, lowering quality then size', async () => {
    const calls: { width: number; height: number; quality: number }[] = [];
    // Pretend the encoded size shrinks with pixel count and quality, as JPEG roughly does.
    const encoder: JpegEncoder = async (_image, width, height, quality) => {
      calls.push({ width, height, quality });
      const size = Math.round(width * height * quality * 0.5);
      return new Blob([new Uint8Array(size)], { type: 'image/jpeg' });
    };
    const image = bitmap(4000, 3000);
    const prepared = await prepareImage(fileOf(pngHead, 8 * MB, 'scan.png'), {
      encoder,
      decode: async () => image,
    });
    expect(prepared.format).toBe('jpeg');
    expect(prepared.reencoded).toBe(true);
    expect(prepared.file.size).toBeLessThanOrEqual(reencodeThresholdBytes);
    expect((prepared.file as File).name).toBe('scan.jpg');
    expect(prepared.file.type).toBe('image/jpeg');
    // Quality falls first at full size, then the dimensions shrink.
    expect(calls[0]).toEqual({ width: 4000, height: 3000, quality: 0.9 });
    expect(calls.slice(0, 5).every((call) => call.width === 4000)).toBe(true);
    expect(calls[calls.length - 1]!.width).toBeLessThan(4000);
    expect(image.close).toHaveBeenCalled();
  });

  it('caps the long side before encoding', async () => {
    const widths: number[] = [];
    const encoder: JpegEncoder = async (_image, width) => {
      widths.push(width);
      return new Blob([new Uint8Array(MB)]);
    };
    await prepareImage(fileOf(jpegHead, 3 * MB), { encoder, decode: async () => bitmap(8000, 6000) });
    expect(widths).toEqual([4096]);
  });

  it('gives up with a clear error when no setting fits', async () => {
    const encoder: JpegEncoder = async () => new Blob([new Uint8Array(3 * MB)]);
    await expect(
      prepareImage(fileOf(jpegHead, 5 * MB), { encoder, decode: async () => bitmap(1000, 1000) }),
    ).rejects.toEqual(new ImageError('imageCompressFailed'));
  });

  it('reports an image the browser cannot decode', async () => {
    await expect(
      prepareImage(fileOf(jpegHead, 5 * MB), {
        decode: async () => {
          throw new Error('corrupt');
        },
      }),
    ).rejects.toEqual(new ImageError('imageCompressFailed'));
  });

  it('refuses JPG and PNG over 50 MB before decoding them', async () => {
    const decode = jest.fn();
    await expect(prepareImage(fileOf(pngHead, 50 * MB + 1), { decode })).rejects.toEqual(
      new ImageError('imageSize', 50),
    );
    expect(decode).not.toHaveBeenCalled();
  });
});
