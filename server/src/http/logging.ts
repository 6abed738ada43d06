import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

const CENSOR = '[redacted]';

/** Query parameters whose value is a credential (a session token in `/message?token=`, a reset code...). */
const SECRET_QUERY_NAME = /token|password|passwd|secret|key|code|signature|auth|session/i;

/**
 * Fields that carry credentials wherever an object is logged: request headers, and bodies or objects a
 * handler might log (one and two levels deep, pino's wildcards do not recurse).
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'sessionToken',
  'secret',
  // Wallet sign-in: the sign-up ticket proves an address for 30 minutes. Staff sign-in: the code-step ticket.
  'ticket',
  // Staff two-factor: the enrolment's URI and QR code hold the TOTP secret; the stored secret is sealed.
  'otpauthUri',
  'qrCode',
  'totpSecret',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [`body.${quote(field)}`, `*.${quote(field)}`, `*.*.${quote(field)}`]),
  // A verification code is a credential in a body, but `code` elsewhere is an error code worth keeping.
  'body.code',
  'req.body.code',
];

function quote(field: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(field) ? field : `["${field}"]`;
}

/** The URL with the value of every secret-looking query parameter replaced; the path is kept as sent. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawName = equals < 0 ? part : part.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw spelling; the value is replaced below anyway if it matches.
      }
      return equals >= 0 && SECRET_QUERY_NAME.test(name) ? `${rawName}=${CENSOR}` : part;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * What a request looks like in the log: Fastify's default fields, with the URL's secrets removed. pino
 * applies it to any logged `req`, so it must take whatever it is given (and never passes headers on).
 */
function serializeRequest(value: unknown) {
  if (typeof value !== 'object' || value === null) return value;
  const request = value as Partial<FastifyRequest>;
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino options for the server's loggers (Fastify's and the services'): tokens, passwords and codes never
 * reach a log line, whether they come in a URL, a header or a body.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: serializeRequest,
    },
  };
}
