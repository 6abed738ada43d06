import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInMethod } from '@swx/shared/contract';
import { languageFromHeader } from '../mail/verification-code';
import type { MailLanguage } from '../mail/mail';
import { cleanUserAgent } from './sessions';

/**
 * Where a sign-in comes from: the browser's device cookie, its User-Agent and a truncated address. What a
 * session records and what the security domain compares to decide that a device is new.
 */

/** A random id the browser keeps (httpOnly, SameSite=Lax, the API's path); the server keeps its SHA-256. */
export const DEVICE_COOKIE = 'swx_device';
/** 400 days, the longest a browser keeps a cookie (RFC 6265bis). */
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{32}$/.test(value);

export function deviceHash(deviceId: string): string {
  return crypto.createHash('sha256').update(`device\n${deviceId}`).digest('hex');
}

/**
 * An address as stored and shown: IPv4 to its /24 (`203.0.113.x`), IPv6 to its /48 (`2001:db8:1::/48`), an
 * IPv4-mapped IPv6 address as IPv4. Anything else is not an address: null.
 */
export function truncateAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.x`;
  if (!net.isIPv6(plain)) return null;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') && tail ? tail.split(':') : [];
  const fill = plain.includes('::') ? Math.max(0, 8 - left.length - right.length) : 0;
  const groups = [...left, ...Array<string>(fill).fill('0'), ...right].slice(0, 3);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/48`;
}

/** One sign-in as the security domain records it. */
export interface SignInContext {
  method: SignInMethod;
  /** The provider's name of a social sign-in. */
  provider: string | null;
  /** Truncated (`truncateAddress`). */
  address: string | null;
  userAgent: string | null;
  /** The SHA-256 of the browser's device cookie. */
  deviceHash: string;
  /** The language of the mails it may cause (the request's `Accept-Language`). */
  language: MailLanguage;
}

/**
 * The sign-in context of a request. A browser without a device cookie gets one now (in the answer), so the
 * session opened and the next sign-in from the same browser are recognised as one device.
 */
export function signInContext(
  request: FastifyRequest,
  reply: FastifyReply,
  method: SignInMethod,
  provider: string | null = null,
): SignInContext {
  let deviceId = request.cookies[DEVICE_COOKIE];
  if (!isDeviceId(deviceId)) {
    deviceId = crypto.randomBytes(24).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, deviceId, {
      path: '/swx/customer',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_MAX_AGE,
    });
  }
  return {
    method,
    provider,
    address: truncateAddress(request.ip),
    userAgent: cleanUserAgent(request.headers['user-agent'] ?? ''),
    deviceHash: deviceHash(deviceId),
    language: languageFromHeader(request.headers['accept-language']),
  };
}
