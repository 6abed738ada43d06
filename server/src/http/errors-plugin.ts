import http from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { isAppError } from './errors';
import { failure } from './envelope';
import { codeForValidation, fieldIssuesOf } from './validation';

/**
 * The multipart parser (busboy, under @fastify/multipart) reports a malformed body — no boundary parameter,
 * no closing boundary, a truncated part — with plain `Error`s that carry no status: they are the client's
 * mistake, not ours. Recognised by where they were raised, so a real fault in an upload handler still logs.
 */
function isMultipartParseError(error: Error): boolean {
  return /[\\/]busboy[\\/]/.test(error.stack ?? '');
}

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
  if (!error.statusCode && isMultipartParseError(error)) return '400';
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
      // A refusal on the server's side (sealed data it cannot open): the operator must see it. The message
      // is the catalogue's; `reason` says why (a missing key, damage), never what the data was.
      if (error.status >= 500)
        request.log.error({ code: error.code, reason: (error as { reason?: string }).reason }, error.message);
      return reply.status(error.status).send(failure(error.code, error.message, error.fields));
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
      return reply.status(400).send(failure(code, message, fieldIssuesOf(error.validation as never)));
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

/**
 * Errors Fastify raises before a route is found (bad URL encoding, a path parameter past `maxParamLength`)
 * and errors Node's HTTP parser raises before there is a request at all (headers or URL past the header size
 * limit): without these handlers they leave in Fastify's own `{error, code, statusCode}` shape.
 * Passed to the Fastify constructor: `Fastify({ ...frameworkErrorOptions, ... })`.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    // A URL too long for the router is "URI too long"; the catalogue's nearest code says "request too large".
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(failure('413'));
    if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send(failure('400'));
    reply.log.error({ err: error }, 'framework error');
    return reply.status(500).send(failure('500'));
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, '413']
        : error.code === 'HPE_URI_TOO_LONG'
          ? [414, '413']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, '400']
            : [400, '400'];
    const body = JSON.stringify(failure(code));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};

export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(failure('404'));
  });
}
