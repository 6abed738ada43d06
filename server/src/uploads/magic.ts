/**
 * Image formats the server accepts, recognised by their first bytes (never by file name or declared type):
 * a cheap early refusal before the full decode in `reencodeImage`. JPEG 2000 is not among them: the image
 * library has no decoder for it, and every stored image must have been decoded and encoded again.
 */
const signatures: { mime: string; bytes: number[] }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The longest signature: how many leading bytes `imageMime` needs to decide. */
export const signatureLength = Math.max(...signatures.map((s) => s.bytes.length));

/** The image type the bytes start with, or undefined when they are not an accepted image. */
export function imageMime(head: Uint8Array): string | undefined {
  return signatures.find((s) => s.bytes.length <= head.length && s.bytes.every((b, i) => head[i] === b))
    ?.mime;
}
