import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../http/errors';
import { errors } from '@swx/shared/contract';
import { decodeJpeg2000, isJpeg2000, Jpeg2000Error } from './jpeg2000';

/** Widest or tallest image accepted, in pixels: larger than any phone photo or scanned page. */
export const MAX_SIDE = 12_000;
/** Pixels decoded at most; libvips refuses a larger image before allocating it (decompression bombs). */
export const MAX_PIXELS = 60_000_000;

export interface CleanImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const outputs = {
  png: { mime: 'image/png', encode: (image: Sharp) => image.png({ compressionLevel: 9 }) },
  jpeg: { mime: 'image/jpeg', encode: (image: Sharp) => image.jpeg({ quality: 90, mozjpeg: true }) },
} as const;

/**
 * Decodes an upload completely and encodes it again in the same format. Only pixels survive: metadata
 * (EXIF with GPS positions, XMP, comments, ICC profiles), trailing data and anything a polyglot hides
 * after or between the image's chunks are gone. A file that does not decode completely (bad chunks,
 * truncated data) is refused with 11008; one too large in pixels with 11009.
 *
 * JPEG 2000 (a JP2 file or a bare J2K codestream) is decoded by OpenJPEG, since the prebuilt libvips in
 * `sharp` has none, and stored as PNG: browsers cannot show JPEG 2000, and PNG keeps its pixels losslessly.
 */
export async function reencodeImage(input: Buffer): Promise<CleanImage> {
  if (isJpeg2000(input)) return reencodeJpeg2000(input);
  const options = { failOn: 'truncated', limitInputPixels: MAX_PIXELS, sequentialRead: true } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch {
    throw new AppError(errors.imageFormatIncorrect);
  }
  const output =
    metadata.format === 'png' || metadata.format === 'jpeg' ? outputs[metadata.format] : undefined;
  if (!output || (metadata.pages ?? 1) > 1) throw new AppError(errors.imageFormatIncorrect);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new AppError(errors.imageFormatIncorrect);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new AppError(errors.imageTooLarge, `Image too large: at most ${MAX_SIDE} pixels wide and high`);
  }
  try {
    // rotate() applies the EXIF orientation to the pixels, since the EXIF block itself is dropped.
    const { data, info } = await output
      .encode(sharp(input, options).rotate())
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: output.mime, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new AppError(errors.imageTooLarge);
    throw new AppError(errors.imageFormatIncorrect);
  }
}

/** JPEG 2000 decoded to raw pixels within the same limits, then encoded by `sharp` as PNG. */
async function reencodeJpeg2000(input: Buffer): Promise<CleanImage> {
  let raw;
  try {
    raw = await decodeJpeg2000(input, { maxSide: MAX_SIDE, maxPixels: MAX_PIXELS });
  } catch (error) {
    if (error instanceof Jpeg2000Error && error.reason === 'size') {
      throw new AppError(errors.imageTooLarge, `Image too large: at most ${MAX_SIDE} pixels wide and high`);
    }
    throw new AppError(errors.imageFormatIncorrect);
  }
  const { pixels, width, height, channels } = raw;
  try {
    const { data, info } = await outputs.png
      .encode(sharp(pixels, { raw: { width, height, channels }, limitInputPixels: MAX_PIXELS }))
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: outputs.png.mime, width: info.width, height: info.height };
  } catch {
    throw new AppError(errors.imageFormatIncorrect);
  }
}
