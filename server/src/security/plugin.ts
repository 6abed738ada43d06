import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { errors, type SensitiveAction } from '@swx/shared/contract';
import { AppError } from '../http/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for a sensitive action (after `authenticate`): answers 11200 unless the session proved a
     * second factor within `step_up_minutes` (security/step-up.ts).
     */
    stepUp(action: SensitiveAction): preHandlerAsyncHookHandler;
  }
}

/**
 * Decorates the customer scope with `stepUp(action)`. Wrapped with fastify-plugin so every customer plugin
 * registered after it (auth's wallet and social routes, the cashier, the Security page) can name its
 * sensitive actions; it comes right after the customer authentication plugin in `customerRoutes`.
 */
export const stepUpPlugin = fp(
  async (app) => {
    app.decorate('stepUp', (action: SensitiveAction): preHandlerAsyncHookHandler => {
      return async function requireStepUp(request: FastifyRequest) {
        if (!request.customer || !request.sessionTokenHash) throw new AppError(errors.unauthorised);
        await app.services.security.stepUp.require(
          { userId: request.customer.userId, tokenHash: request.sessionTokenHash },
          action,
        );
      };
    });
  },
  { name: 'swx-step-up', dependencies: ['swx-customer-auth'] },
);
