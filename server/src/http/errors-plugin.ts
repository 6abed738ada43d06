import type { FastifyError, FastifyInstance } from 'fastify';
import { isAppError } from './errors';
import { failure } from './envelope';
import { codeForValidation } from './validation';

/** Maps a Fastify framework error (bad JSON, huge body, wrong content type...) to a catalogue code. */
function frameworkCode(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return '413';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return '415';
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return '429';
    default:
      break;
  }
  if (error.statusCode === 429) return '429';
  if (error.statusCode === 413) return '413';
  if (error.statusCode === 415) return '415';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return '400';
  return '500';
}

/**
 * Every failure leaves as the envelope `{code, message, result: null}` with a fitting HTTP status. Nothing
 * that reaches the client carries a stack trace; unexpected errors are logged and answered with `500`.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      return reply.status(error.status).send(failure(error.code, error.message));
    }
    if (error.validation) {
      const code = codeForValidation(error.validation as never);
      const where = error.validationContext ?? 'request';
      const field =
        error.validation[0]?.instancePath ||
        (error.validation[0]?.params as { missingProperty?: string })?.missingProperty;
      const message =
        code === '400'
          ? `Invalid ${where}${field ? `: ${String(field).replace(/^\//, '')}` : ''}`
          : undefined;
      return reply.status(400).send(failure(code, message));
    }
    const code = frameworkCode(error);
    if (code === '500') {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(failure('500'));
    }
    const status = code === '400' ? 400 : Number(code);
    return reply.status(status).send(failure(code));
  });
}

export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(failure('404'));
  });
}
