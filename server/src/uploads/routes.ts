import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { errors } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { StoredUpload, UploadsService } from './service';
import type { UploadPurpose } from './tables';

const security = [{ token: [] }];

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

async function sendImage(reply: FastifyReply, uploads: UploadsService, upload: StoredUpload) {
  const bytes = await uploads.read(upload);
  // The stored type is that of the re-encoded file; nosniff stops a browser from reading it as anything
  // else, and `attachment` keeps it from being rendered as a page of this site. The name is our own id.
  const filename = `${upload.id}.${extensions[upload.mime] ?? 'bin'}`;
  return reply
    .header('content-type', upload.mime)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('content-length', String(bytes.length))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', upload.purpose === 'identity' ? 'no-store' : 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'")
    .send(bytes);
}

/** Customer uploads: `POST /upload/image`, `POST /upload/identity` and reading one's own images back. */
export const uploadsCustomerRoutes: FastifyPluginAsync = async (app) => {
  const { uploads } = app.services;
  await app.register(multipart, {
    limits: { fileSize: uploads.limit, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  const receive = (purpose: UploadPurpose) => async (request: FastifyRequest) => {
    if (!request.isMultipart()) throw new AppError(errors.imageMissing);
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new AppError(errors.imageMissing);
    const stored = await uploads.store(
      request.customer.userId,
      part.file,
      () => part.file.truncated,
      purpose,
    );
    return ok({ id: stored.id, mime: stored.mime, size: stored.size });
  };

  route(
    app,
    'uploads.uploadImage',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['uploads'],
        summary:
          'Uploads an image (JPG or PNG, judged by decoding it; stored re-encoded without metadata, sealed) in the ' +
          'multipart field "file"; at most `upload_daily_count` images and `upload_daily_bytes` per 24 hours',
        security,
        consumes: ['multipart/form-data'],
      },
    },
    receive('general'),
  );

  route(
    app,
    'uploads.uploadIdentityImage',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['uploads', 'kyc'],
        summary:
          'Uploads an identity photo for a KYC submission (as `POST /upload/image`, the same quota): sealed from ' +
          'the start, never shown to staff as an upload, purged after 24 hours unless a submission takes it',
        security,
        consumes: ['multipart/form-data'],
      },
    },
    receive('identity'),
  );

  route(
    app,
    'uploads.image',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['uploads'],
        summary: "Reads one of the customer's own images (anyone else's answers 404)",
        security,
      },
    },
    async (request, reply) =>
      sendImage(reply, uploads, await uploads.findOwned(request.params.id, request.customer.userId)),
  );
};

/**
 * Staff read general uploads (a deposit's proof); each read is audited. Identity photos answer 404 here: staff
 * see them only through the KYC routes, by identity record and field.
 */
export const uploadsAdminRoutes: FastifyPluginAsync = async (app) => {
  const { uploads, audit, database } = app.services;

  route(
    app,
    'admin.upload',
    {
      preHandler: app.authenticateStaff,
      schema: { tags: ['staff'], summary: 'Reads an uploaded image (audited)', security },
    },
    async (request, reply) => {
      const upload = await uploads.findGeneral(request.params.id);
      await database.db.transaction((tx) =>
        audit.record(tx, {
          staffId: request.staff.staffId,
          action: 'upload.view',
          target: `upload:${upload.id}`,
          details: { ownerUserId: upload.ownerUserId },
        }),
      );
      return sendImage(reply, uploads, upload);
    },
  );
};
