import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { errors } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { StoredUpload, UploadsService } from './service';

const security = [{ token: [] }];

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

function sendImage(reply: FastifyReply, uploads: UploadsService, upload: StoredUpload) {
  // The stored type is that of the re-encoded file; nosniff stops a browser from reading it as anything
  // else, and `attachment` keeps it from being rendered as a page of this site. The name is our own id.
  const filename = `${upload.id}.${extensions[upload.mime] ?? 'bin'}`;
  return reply
    .header('content-type', upload.mime)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('content-length', String(upload.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'")
    .send(uploads.open(upload));
}

/** Customer uploads: `POST /upload/image` and reading one's own images back. */
export const uploadsCustomerRoutes: FastifyPluginAsync = async (app) => {
  const { uploads } = app.services;
  await app.register(multipart, {
    limits: { fileSize: uploads.limit, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  route(
    app,
    'uploads.uploadImage',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['uploads'],
        summary:
          'Uploads an image (JPG or PNG, judged by decoding it; stored re-encoded without metadata) in the ' +
          'multipart field "file"; at most `upload_daily_count` images and `upload_daily_bytes` per 24 hours',
        security,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(errors.imageMissing);
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw new AppError(errors.imageMissing);
      const stored = await uploads.store(request.customer.userId, part.file, () => part.file.truncated);
      return ok({ id: stored.id, mime: stored.mime, size: stored.size });
    },
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

/** Staff read any upload (e.g. to check a deposit proof); each read is audited. */
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
      const upload = await uploads.find(request.params.id);
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
