import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimit } from '../config';
import { AppError } from '../http/errors';
import { errors } from '@swx/shared/contract';

/** One limit on a route: `limit.max` requests per `limit.windowMs` for each value of `keyOf(request)`. */
export interface KeyedLimit {
  /** Distinguishes this limit's counters from every other limit's (e.g. `login-ip`). */
  name: string;
  limit: RateLimit;
  keyOf: (request: FastifyRequest) => string;
}

/**
 * A preHandler applying several limits at once (e.g. per address and per account): every limit counts the
 * request, and if any is exceeded the answer is `429` with `Retry-After`. Counters live in this process
 * (@fastify/rate-limit's memory store); behind a load balancer each instance counts on its own.
 *
 * Registers @fastify/rate-limit on `app` when it is not there yet; use it in an encapsulated routes plugin.
 */
export async function rateLimitGuard(
  app: FastifyInstance,
  limits: KeyedLimit[],
): Promise<preHandlerAsyncHookHandler> {
  if (!app.hasDecorator('createRateLimit')) await app.register(rateLimit, { global: false });
  const checks = limits.map(({ name, limit, keyOf }) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${keyOf(request)}`,
    }),
  );
  return async (request, reply) => {
    let retryAfterSeconds = 0;
    // Every limit counts the request, even once another has refused it.
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        retryAfterSeconds = Math.max(retryAfterSeconds, result.ttlInSeconds);
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
