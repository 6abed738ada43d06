import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../credentials';
import { ATTEMPT_VALID_MINUTES } from './service';

/**
 * Social sign-in state bound to the browser that started it (docs/security.md): the start sets an httpOnly,
 * SameSite=Lax cookie holding the state's SHA-256, readable only by the callback route; a callback without
 * it is refused. A callback link sent to a victim, or leaked, cannot finish anywhere else. One cookie per
 * attempt (its name carries a prefix of the hash), so two tabs may sign in at once.
 */
const PATH = '/swx/customer/login/socialCallback';
const PREFIX = 'swx_social_';

const nameOf = (stateHash: string) => `${PREFIX}${stateHash.slice(0, 16)}`;

export function bindStateToBrowser(request: FastifyRequest, reply: FastifyReply, stateHash: string): void {
  reply.setCookie(nameOf(stateHash), stateHash, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ATTEMPT_VALID_MINUTES * 60,
  });
}

export function browserHoldsState(request: FastifyRequest, stateHash: string): boolean {
  return request.cookies[nameOf(stateHash)] === stateHash;
}

/** The callback was answered: the attempt's cookie goes (other tabs' attempts keep theirs). */
export function forgetState(reply: FastifyReply, callback: string): void {
  const state = new URLSearchParams(callback.startsWith('?') ? callback.slice(1) : callback).get('state');
  if (state) reply.clearCookie(nameOf(sha256Hex(state)), { path: PATH });
}
