import openjpegFactory from '@cornerstonejs/codec-openjpeg/decodewasmjs';
import type { OpenJpeg } from '@cornerstonejs/codec-openjpeg/wasmjs';

/**
 * A decoded JPEG 2000 image: 8-bit samples, interleaved, grey or RGB. This OpenJPEG build interleaves at
 * most three components (a fourth, alpha, comes out as shifted colour), so other counts are refused.
 */
export interface RawImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** Why a JPEG 2000 file is refused: it does not decode, or it is larger than `limits` allow. */
export class Jpeg2000Error extends Error {
  constructor(readonly reason: 'format' | 'size') {
    super(reason === 'size' ? 'JPEG 2000 image too large' : 'JPEG 2000 image does not decode');
  }
}

export interface PixelLimits {
  maxSide: number;
  maxPixels: number;
}

const jp2Signature = Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]);
/** A codestream starts with SOC (FF4F) followed at once by SIZ (FF51), and ends with EOC (FFD9). */
const codestreamStart = Buffer.from([0xff, 0x4f, 0xff, 0x51]);
const codestreamEnd = Buffer.from([0xff, 0xd9]);

export function isJpeg2000(head: Uint8Array): boolean {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return bytes.subarray(0, 12).equals(jp2Signature) || bytes.subarray(0, 4).equals(codestreamStart);
}

/**
 * The J2K codestream inside a JP2 file (its `jp2c` box), or the input itself when it is a bare codestream.
 * Boxes are walked by their declared lengths, so a box that claims more bytes than the file has (a truncated
 * upload) is refused rather than read short.
 */
export function codestreamOf(input: Buffer): Buffer {
  if (input.subarray(0, 4).equals(codestreamStart)) return input;
  if (!input.subarray(0, 12).equals(jp2Signature)) throw new Jpeg2000Error('format');
  let at = 0;
  while (at + 8 <= input.length) {
    let length = input.readUInt32BE(at);
    const type = input.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (length === 1) {
      // An extended 64-bit length; anything past 2^53 is more than the file could hold anyway.
      if (at + 16 > input.length) break;
      length = Number(input.readBigUInt64BE(at + 8));
      header = 16;
    } else if (length === 0) {
      length = input.length - at; // "to the end of the file", allowed for the last box only
    }
    if (length < header || at + length > input.length) break;
    if (type === 'jp2c') return input.subarray(at + header, at + length);
    at += length;
  }
  throw new Jpeg2000Error('format');
}

let library: Promise<OpenJpeg> | undefined;
/** OpenJPEG reports through printf; its lines for the decode under way are collected here. */
let messages: string[] = [];

function openjpeg(): Promise<OpenJpeg> {
  const collect = (line: string) => messages.push(line);
  library ??= openjpegFactory({ print: collect, printErr: collect });
  return library;
}

/** Samples of more than 8 bits (up to 16) scaled down to 8: the stored copy is an ordinary PNG. */
function toEightBit(decoded: Uint8Array, bits: number, samples: number): Buffer {
  if (bits === 8) return Buffer.from(decoded);
  const wide = bits > 8;
  const out = Buffer.alloc(samples);
  const max = 2 ** bits - 1;
  const view = new DataView(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  for (let i = 0; i < samples; i++) {
    const value = wide ? view.getUint16(i * 2, true) : decoded[i]!;
    out[i] = Math.round((Math.min(value, max) * 255) / max);
  }
  return out;
}

/**
 * The image's size from the codestream's SIZ segment (reference grid minus image offset), read by hand
 * because this build of OpenJPEG has no separate header step: the limits must be checked before decoding.
 */
function imageSize(codestream: Buffer): { width: number; height: number } {
  if (codestream.length < 4 + 38) throw new Jpeg2000Error('format');
  const width = codestream.readUInt32BE(8) - codestream.readUInt32BE(16);
  const height = codestream.readUInt32BE(12) - codestream.readUInt32BE(20);
  if (width <= 0 || height <= 0) throw new Jpeg2000Error('format');
  return { width, height };
}

/**
 * Decodes a JP2 file or a J2K codestream completely. The header is read first and its dimensions checked
 * against `limits`, so a decompression bomb is refused before any pixel memory is allocated. OpenJPEG does
 * not throw on a damaged stream: it prints an error and leaves the output empty, so both are checked, and a
 * codestream without its end marker (a truncated upload OpenJPEG might half-decode) is refused outright.
 */
export async function decodeJpeg2000(input: Buffer, limits: PixelLimits): Promise<RawImage> {
  const codestream = codestreamOf(input);
  if (!codestream.subarray(0, 4).equals(codestreamStart) || !codestream.subarray(-2).equals(codestreamEnd)) {
    throw new Jpeg2000Error('format');
  }
  const { width, height } = imageSize(codestream);
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new Jpeg2000Error('size');
  }
  const lib = await openjpeg();
  const decoder = new lib.J2KDecoder();
  messages = [];
  try {
    decoder.getEncodedBuffer(codestream.length).set(codestream);
    decoder.decode();
    const info = decoder.getFrameInfo();
    const channels = info.componentCount;
    const bytesPerSample = info.bitsPerSample > 8 ? 2 : 1;
    const samples = width * height * channels;
    const decoded = decoder.getDecodedBuffer();
    if (
      messages.some((line) => line.includes('[ERROR]')) ||
      info.width !== width ||
      info.height !== height ||
      info.isSigned ||
      info.bitsPerSample < 1 ||
      info.bitsPerSample > 16 ||
      (channels !== 1 && channels !== 3) ||
      decoded.length !== samples * bytesPerSample
    ) {
      throw new Jpeg2000Error('format');
    }
    return {
      pixels: toEightBit(decoded, info.bitsPerSample, samples),
      width,
      height,
      channels: channels as RawImage['channels'],
    };
  } catch (error) {
    if (error instanceof Jpeg2000Error) throw error;
    // A WebAssembly trap on hostile data can leave the instance's memory inconsistent: the next upload
    // gets a fresh one.
    library = undefined;
    throw new Jpeg2000Error('format');
  } finally {
    try {
      decoder.delete();
    } catch {
      library = undefined;
    }
    messages = [];
  }
}
