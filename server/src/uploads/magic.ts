/**
 * Image formats the server accepts, recognised by their first bytes (never by file name or declared type):
 * a cheap early refusal before the full decode in `reencodeImage`, which decides the stored type (JPEG 2000
 * is stored as PNG).
 */
const signatures: { mime: string; bytes: number[] }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // A JP2 file's signature box, and a bare J2K codestream: SOC followed at once by SIZ.
  { mime: 'image/jp2', bytes: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] },
  { mime: 'image/jp2', bytes: [0xff, 0x4f, 0xff, 0x51] },
];

/** The longest signature: how many leading bytes `imageMime` needs to decide. */
export const signatureLength = Math.max(...signatures.map((s) => s.bytes.length));

/** The image type the bytes start with, or undefined when they are not an accepted image. */
export function imageMime(head: Uint8Array): string | undefined {
  return signatures.find((s) => s.bytes.length <= head.length && s.bytes.every((b, i) => head[i] === b))
    ?.mime;
}
