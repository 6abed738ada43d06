/**
 * Upload rules for images (docs/product.md (business rules) Uploads): JPG, JPEG 2000 or PNG only, recognised by the file's
 * bytes, not its name; JPG/PNG larger than 2 MB are re-encoded in the browser to a JPEG of at most 2 MB;
 * JPEG 2000 (which browsers cannot decode) is sent as it is, up to the server's 50 MB.
 */

export type ImageFormat = 'jpeg' | 'png' | 'jpeg2000';

export const reencodeThresholdBytes = 2 * 1024 * 1024;
export const maxUploadBytes = 50 * 1024 * 1024;

export type ImageErrorReason = 'imageFormat' | 'imageSize' | 'imageCompressFailed';

/** Why a picked file cannot be uploaded; `reason` is its `validation.*` key in the `common` namespace. */
export class ImageError extends Error {
  override readonly name = 'ImageError';
  constructor(
    readonly reason: ImageErrorReason,
    readonly limitMb?: number,
  ) {
    super(reason);
  }
}

const signatures: { format: ImageFormat; bytes: number[] }[] = [
  { format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // JP2 file: the 12-byte signature box "jP  \r\n\x87\n".
  { format: 'jpeg2000', bytes: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] },
  // Raw JPEG 2000 codestream (.j2k): SOC then SIZ marker.
  { format: 'jpeg2000', bytes: [0xff, 0x4f, 0xff, 0x51] },
];

async function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const slice = file.slice(0, length);
  const buffer =
    typeof slice.arrayBuffer === 'function'
      ? await slice.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error);
          reader.readAsArrayBuffer(slice);
        });
  return new Uint8Array(buffer);
}

/** The image format by magic number, or null for anything else (whatever its name or MIME type says). */
export async function detectImageFormat(file: Blob): Promise<ImageFormat | null> {
  const head = await readHead(file, 12);
  const match = signatures.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.format ?? null;
}

/** Turns a decoded image into a JPEG of the given size and quality (0–1). Injected in tests. */
export type JpegEncoder = (
  image: ImageBitmap,
  width: number,
  height: number,
  quality: number,
) => Promise<Blob>;

/** Encodes with OffscreenCanvas where available, else a detached `<canvas>`. */
export const canvasJpegEncoder: JpegEncoder = async (image, width, height, quality) => {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    paint(context, image, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  paint(context, image, width, height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))),
      'image/jpeg',
      quality,
    ),
  );
};

function paint(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  image: ImageBitmap,
  width: number,
  height: number,
) {
  // JPEG has no alpha: a transparent PNG would otherwise turn black where it was see-through.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
}

export interface PrepareImageOptions {
  encoder?: JpegEncoder;
  decode?: (file: Blob) => Promise<ImageBitmap>;
  /** Largest side after re-encoding; a phone photo of 4000 px has more detail than any review needs. */
  maxDimension?: number;
}

export interface PreparedImage {
  file: Blob;
  format: ImageFormat;
  /** The bytes were re-encoded to fit 2 MB. */
  reencoded: boolean;
}

const qualitySteps = [0.9, 0.8, 0.7, 0.6, 0.5];

function renamedAsJpeg(blob: Blob, original: Blob): Blob {
  const name = (original as File).name;
  if (typeof File === 'undefined' || !name) return blob;
  return new File([blob], `${name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' });
}

/**
 * Checks a picked file and makes it uploadable, or throws an `ImageError`.
 * Re-encoding lowers the quality first and then the dimensions (by 25 % a step) until the JPEG fits.
 */
export async function prepareImage(file: Blob, options: PrepareImageOptions = {}): Promise<PreparedImage> {
  const format = await detectImageFormat(file);
  if (!format) throw new ImageError('imageFormat');
  if (file.size > maxUploadBytes) throw new ImageError('imageSize', 50);
  if (format === 'jpeg2000' || file.size <= reencodeThresholdBytes) {
    return { file, format, reencoded: false };
  }

  const encoder = options.encoder ?? canvasJpegEncoder;
  const decode = options.decode ?? ((blob: Blob) => createImageBitmap(blob));
  let image: ImageBitmap;
  try {
    image = await decode(file);
  } catch {
    throw new ImageError('imageCompressFailed');
  }
  try {
    const maxDimension = options.maxDimension ?? 4096;
    let scale = Math.min(1, maxDimension / Math.max(image.width, image.height));
    for (let round = 0; round < 8; round += 1) {
      const width = Math.max(1, Math.round(image.width * scale));
      const height = Math.max(1, Math.round(image.height * scale));
      for (const quality of qualitySteps) {
        const blob = await encoder(image, width, height, quality);
        if (blob.size <= reencodeThresholdBytes) {
          return { file: renamedAsJpeg(blob, file), format: 'jpeg', reencoded: true };
        }
      }
      scale *= 0.75;
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError('imageCompressFailed');
  } finally {
    image.close?.();
  }
  throw new ImageError('imageCompressFailed');
}
