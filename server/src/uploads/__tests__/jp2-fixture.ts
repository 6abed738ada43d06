import openjpegFactory from '@cornerstonejs/codec-openjpeg/wasmjs';

/** A JP2 box: 4-byte length, 4-byte type, contents. */
function box(type: string, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** Pixels that differ from one another, so a decoder that returns zeros or shuffles channels is caught. */
export function pattern(width: number, height: number, channels: number): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + (i % channels) * 80) % 256;
  return pixels;
}

/**
 * A real JPEG 2000 codestream (J2K), losslessly encoded by OpenJPEG itself (the same library's encoder),
 * from interleaved 8-bit pixels.
 */
export async function encodeJ2k(pixels: Buffer, width: number, height: number, channels: number) {
  const lib = await openjpegFactory({ print: () => undefined, printErr: () => undefined });
  const encoder = new lib.J2KEncoder();
  try {
    encoder
      .getDecodedBuffer({
        width,
        height,
        bitsPerSample: 8,
        componentCount: channels,
        isSigned: false,
        isUsingColorTransform: false,
      })
      .set(pixels);
    // OpenJPEG's default five wavelet levels need at least 32 pixels a side; small test images get fewer.
    encoder.setDecompositions(Math.min(5, Math.floor(Math.log2(Math.min(width, height)))));
    encoder.encode();
    const j2k = Buffer.from(encoder.getEncodedBuffer());
    // The encoder reports failure only by printing it; an empty or zero codestream would test nothing.
    if (j2k.readUInt32BE(0) !== 0xff4fff51) throw new Error(`OpenJPEG could not encode ${width}×${height}`);
    return j2k;
  } finally {
    encoder.delete();
  }
}

/**
 * The codestream wrapped as a JP2 file (ISO/IEC 15444-1 annex I): signature box, file type, a header box
 * with the image header and sRGB or greyscale colour, then the codestream in its `jp2c` box.
 */
export function wrapJp2(codestream: Buffer, width: number, height: number, channels: number): Buffer {
  const signature = Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]);
  const ftyp = box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1'));
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(height, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt16BE(channels, 8);
  ihdr[10] = 7; // 8 bits per component, unsigned
  ihdr[11] = 7; // wavelet compression
  const colr = Buffer.from([1, 0, 0, 0, 0, 0, channels >= 3 ? 16 : 17]); // enumerated: sRGB or greyscale
  return Buffer.concat([
    signature,
    ftyp,
    box('jp2h', box('ihdr', ihdr), box('colr', colr)),
    box('jp2c', codestream),
  ]);
}

export async function makeJp2(width: number, height: number, channels: number) {
  const pixels = pattern(width, height, channels);
  const j2k = await encodeJ2k(pixels, width, height, channels);
  return { pixels, j2k, jp2: wrapJp2(j2k, width, height, channels) };
}
