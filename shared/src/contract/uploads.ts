import { Type, type Static } from '@sinclair/typebox';

/**
 * An upload's id: 32 random hex characters (128 bits), so ids cannot be guessed or enumerated. Domains that
 * take an image (deposit proof, KYC photos) accept this in their bodies.
 */
export const UploadId = Type.String({ pattern: '^[0-9a-f]{32}$' });
export type UploadId = Static<typeof UploadId>;

export const UploadPath = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** `POST /swx/customer/upload/image` (multipart field `file`). */
export const UploadResult = Type.Object({
  id: UploadId,
  mime: Type.String(),
  size: Type.Integer(),
});
export type UploadResult = Static<typeof UploadResult>;

/** Image formats the server accepts, recognised by their first bytes. */
export const uploadImageMimes = ['image/jpeg', 'image/png', 'image/jp2', 'image/j2c'] as const;
