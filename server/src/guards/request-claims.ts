import fp from 'fastify-plugin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors';
import type { SuccessCode } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { currentAmbientScope, runInAmbientScope, type Unit } from '../platform/unit-of-work';
import { canonicalJson, keepsAnswer, type Claim, type SubmissionGuard } from './repeat';
import { errors } from '@swx/shared/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for POST routes that change something: refuses a repeated submission with `30000` (HTTP 409)
     * and changes nothing; answers a retry of a finished request with its `Idempotency-Key` with the original
     * answer; answers a retry whose original died with its server, while that claim's lease runs, with
     * `11190` (HTTP 409, `Retry-After`: the seconds left). Put it after `app.authenticate` so the claim is per customer:
     * `{ preHandler: [app.authenticate, app.guardRepeat] }`.
     */
    guardRepeat: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The claims this request holds; a batched transaction finishes them with `settleIn`. */
    claims: RequestClaims | null;
  }
}

/**
 * The claims one request holds, from the guard's preHandler until its effect commits. A unit of work started
 * while serving the request finishes them by itself (they reach it through the request's ambient scope); a
 * transaction that serves many requests at once calls `settleIn` (or `RequestClaims.settleAllIn`) for each.
 */
export class RequestClaims {
  /** Set once a committed transaction made them final. */
  finished = false;
  /** The answer kept with them in that transaction, so the exact envelope is written again only if it differs. */
  kept: unknown = undefined;
  /**
   * The success code the route answers with (`ok(result, successes.submittedForReview)`), when it has one: set before the unit
   * runs, the kept answer is already the exact envelope and is not written a second time after the commit.
   */
  successCode: SuccessCode | undefined = undefined;

  constructor(
    private readonly guard: SubmissionGuard,
    readonly claims: Claim[],
  ) {}

  /** Makes the claims final with `unit`'s commit, keeping `ok(result, successCode)` as the answer to a retry. */
  settleIn(unit: Unit, result: unknown, successCode?: SuccessCode): void {
    if (successCode) this.successCode = successCode;
    RequestClaims.settleAllIn(unit, [{ claims: this, result }]);
  }

  /**
   * `settleIn` for all the requests a batched transaction serves, in one statement. If any request's claim
   * was taken over by a retry (its lease lapsed), the statement throws `30000` and the whole batch rolls back.
   */
  static settleAllIn(unit: Unit, served: { claims: RequestClaims | null; result: unknown }[]): void {
    const open = served.filter(
      (entry): entry is { claims: RequestClaims; result: unknown } =>
        entry.claims !== null && !entry.claims.finished,
    );
    if (open.length === 0) return;
    const guard = open[0]!.claims.guard;
    unit.beforeCommit((tx) =>
      guard.finish(
        tx,
        open.map(({ claims, result }) => claims.entry(unit, result)),
      ),
    );
  }

  /** The step a unit started while serving this request runs before its commit. */
  enlist(unit: Unit): ((result: unknown) => Promise<void>) | undefined {
    if (this.finished) return undefined;
    return (result) => this.guard.finish(unit.tx, [this.entry(unit, result)]);
  }

  private entry(unit: Unit, result: unknown): { claims: Claim[]; response: unknown } {
    const response = ok(result, this.successCode);
    unit.afterCommit(() => {
      this.finished = true;
      this.kept = response;
    });
    return { claims: this.claims, response };
  }
}

/**
 * Decorates `guardRepeat` on the context it is registered in (wrapped with fastify-plugin, so on the
 * parent). Every request there runs in its own ambient scope, so the units of work it starts finish its
 * claims in their transaction. Before a request's answer leaves: a failed request's unfinished claims are
 * released (the corrected retry cannot arrive before the release); a successful request finishes the claims
 * no unit finished (a route without a transaction of its own, such as sending an e-mail) and keeps its exact
 * answer for a retry with the same `Idempotency-Key`.
 */
export const repeatGuardPlugin = fp<{ guard: SubmissionGuard }>(
  async (app, { guard }) => {
    app.decorateRequest('claims', null);
    app.addHook('onRequest', (_request, _reply, done) => runInAmbientScope(done));
    const guardRepeat: preHandlerAsyncHookHandler = async (request, reply) => {
      const claims = guard.claimsFor(request, guard.newHolder());
      if (claims.length === 0) return;
      if (!(await guard.claim(claims))) {
        const replay = await guard.replayFor(claims);
        if (replay) {
          await reply.header('idempotent-replayed', 'true').code(200).send(replay.response);
          return reply;
        }
        const orphaned = await guard.orphanedLease(claims);
        if (!orphaned) throw new AppError(errors.repeatedSubmission);
        reply.header('retry-after', String(orphaned.retryAfterSeconds));
        throw new AppError(
          errors.stillProcessing,
          `Your earlier request is still being processed, please try again in ${orphaned.retryAfterSeconds} s`,
        );
      }
      const handle = new RequestClaims(guard, claims);
      request.claims = handle;
      currentAmbientScope()?.enlistments.push((unit) => handle.enlist(unit));
    };
    app.decorate('guardRepeat', guardRepeat);
    app.addHook('onSend', async (request, reply, payload) => {
      const handle = request.claims;
      if (!handle) return payload;
      request.claims = null;
      if (reply.statusCode >= 400) {
        if (!handle.finished) await guard.release(handle.claims);
        return payload;
      }
      // Only an `Idempotency-Key` claim keeps the answer: a form claim alone (most requests) needs no parse.
      const keeps = handle.claims.some(keepsAnswer);
      const sent = keeps && typeof payload === 'string' ? parseJson(payload) : undefined;
      if (!handle.finished) {
        // No transaction of the route finished them: its effect is done, so they are final now.
        await guard
          .finish(guard.db, [{ claims: handle.claims, response: sent ?? null }])
          .catch((error: unknown) => request.log.warn({ err: error }, 'repeat guard: claim taken over'));
      } else if (sent !== undefined && canonicalJson(sent) !== canonicalJson(handle.kept)) {
        await guard.keepResponse(handle.claims, sent);
      }
      return payload;
    });
  },
  { name: 'swx-repeat-guard' },
);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
