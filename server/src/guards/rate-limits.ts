import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors';
import { errors } from '@swx/shared/contract';

/** At most `max` requests per `windowMs` for one key (an IP address, an account or an e-mail address). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** One limit on a route: `limit.max` requests per `limit.windowMs` for each value of `keyOf(request)`. */
export interface KeyedLimit {
  /** Distinguishes this limit's counters from every other limit's (e.g. `login-ip`). */
  name: string;
  limit: RateLimit;
  keyOf: (request: FastifyRequest) => string;
}

/**
 * A preHandler applying several limits at once (e.g. per address and per account): every limit counts the
 * request, and if any is exceeded the answer is `429` with `Retry-After`. Counters live in PostgreSQL
 * (`RateCounters`, the composition root's `rateCounters`), so behind a load balancer every instance counts
 * against the same limit.
 */
export async function rateLimitGuard(
  app: FastifyInstance,
  limits: KeyedLimit[],
): Promise<preHandlerAsyncHookHandler> {
  const counters = app.services.rateCounters;
  return async (request, reply) => {
    let retryAfterSeconds = 0;
    // Every limit counts the request, even once another has refused it.
    for (const { name, limit, keyOf } of limits) {
      const { hits, resetAt } = await counters.hit(`${name}:${keyOf(request)}`, limit.windowMs);
      if (hits > limit.max) {
        const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
        retryAfterSeconds = Math.max(retryAfterSeconds, seconds);
      }
    }
    if (retryAfterSeconds > 0) {
      reply.header('retry-after', String(retryAfterSeconds));
      throw new AppError(errors.tooManyRequests);
    }
  };
}

/** The client address as Fastify resolved it (trustProxy is on, so the first X-Forwarded-For hop). */
export const byIp = (request: FastifyRequest) => request.ip;
