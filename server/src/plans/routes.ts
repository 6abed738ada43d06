import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['plans'];

/**
 * Smart plans under /swx/customer/order (docs/product.md, Smart plans; docs/api.md). Quote, then buy on the
 * quote; payouts come from the scheduler, not from a route. Real and demo accounts each have their own reserve.
 */
export const plansRoutes: FastifyPluginAsync = async (app) => {
  const { plans } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  route(
    app,
    'plans.products',
    {
      schema: {
        tags,
        summary:
          'Smart-plan products (type 1) with their terms, and the plan reserve with its coverage ratio',
        description:
          'The daily rate is fixed and paid by the platform from its plan reserve; it is not a trading return.',
      },
    },
    async () => ok(await plans.products()),
  );

  route(
    app,
    'plans.quote',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Quotes a plan: daily and total income, cycles, dates and early-exit damages (our addition)',
        description:
          '`10010` product unknown or not enabled, `10012` days not offered, `10013` amount outside the range. The quote lives 5 minutes and is used once.',
      },
    },
    async (request) => ok(await plans.quote(request.customer, request.body)),
  );

  route(
    app,
    'plans.buy',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Buys a plan on a quote: the principal is held and the plan starts earning',
        description:
          '`11007` when the quote is missing, expired, used or the terms changed (quote again); `10024` same product already running; `10011` balance; `11100` the reserve cannot cover the income.',
      },
    },
    async (request) => ok(await plans.buy(request.customer, request.body), successes.purchased),
  );

  route(
    app,
    'plans.list',
    {
      ...auth,
      schema: { tags, summary: 'The customer’s plans, newest first, with every payout and its ledger entry' },
    },
    async (request) => ok(await plans.list(request.customer, request.query.status)),
  );

  route(
    app,
    'plans.quoteExit',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'What an early exit pays now, exactly: income already due, then principal minus damages (our addition)',
      },
    },
    async (request) => ok(await plans.quoteExit(request.customer, request.body.id)),
  );

  route(
    app,
    'plans.exit',
    {
      ...authOnce,
      schema: {
        tags,
        summary:
          'Exits a running plan early: income due so far is paid, then principal minus damages returned',
        description:
          'With `total` (the exit quote’s `totalPaidNow`), an exit that would pay anything else answers `11007`.',
      },
    },
    async (request) => ok(await plans.exit(request.customer, request.body)),
  );
};

/** Staff: product terms (reasoned, audited; running plans keep theirs) and the reserve's funding. */
export const plansAdminRoutes: FastifyPluginAsync = async (app) => {
  const { plans, changes } = app.services;
  const staff = { preValidation: app.authenticateStaff };
  const security = [{ token: [] }];

  route(
    app,
    'admin.planProducts',
    { ...staff, schema: { tags: ['staff'], summary: 'Smart-plan products and their terms', security } },
    async () => ok(await plans.catalogue.list()),
  );

  route(
    app,
    'admin.planReserves',
    {
      ...staff,
      schema: {
        tags: ['staff'],
        summary:
          'Each currency’s plan reserve, real and demo: balance, obligations, coverage, whether it sells',
        security,
      },
    },
    async () => ok(await plans.catalogue.reserves()),
  );

  route(
    app,
    'admin.setPlanTerms',
    {
      ...staff,
      schema: {
        tags: ['staff'],
        summary:
          'Asks to change a product’s terms with a reason: applied when a second admin approves; running plans keep the terms they were bought with',
        security,
      },
    },
    async (request) =>
      ok(
        await changes.request(
          'plan-terms',
          request.staff,
          { productId: request.params.id, terms: request.body },
          request.body.reason,
        ),
      ),
  );

  route(
    app,
    'admin.fundPlanReserve',
    {
      ...staff,
      schema: {
        tags: ['staff'],
        summary:
          'Asks to put owners’ capital into the plan reserve: a reasoned ledger entry made when a second finance member approves',
        security,
      },
    },
    async (request) =>
      ok(await changes.request('plan-reserve', request.staff, request.body, request.body.reason)),
  );
};
