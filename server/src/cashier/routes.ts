import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['cashier'];

/**
 * Deposits and withdrawals under /swx/customer/user (docs/product.md, the API, business rules). Real account only: in demo mode
 * every submission answers `11006`. Staff decide through the review queue (`/swx/admin/reviews`).
 */
export const cashierRoutes: FastifyPluginAsync = async (app) => {
  const { cashier } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };
  // A withdrawal is a sensitive action: a fresh second factor (step-up) before the request is claimed.
  const withdrawOnce = {
    preValidation: app.authenticate,
    preHandler: [app.stepUp('withdraw'), app.guardRepeat],
  };

  route(
    app,
    'cashier.depositOptions',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Deposit coins and networks, the receiving address and its QR code, and the minimum per coin',
      },
    },
    async () => ok(await cashier.depositOptions()),
  );

  route(
    app,
    'cashier.depositAddresses',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'The watched EVM networks with the customer’s own deposit address on each (credited from the chain after the confirmations)',
        description:
          'Empty when the server watches no network. Real account only (`11006` in demo mode). The address is given on the first ask and never changes.',
      },
    },
    async (request) => ok(await cashier.depositAddresses(request.customer)),
  );

  route(
    app,
    'cashier.chainDeposits',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'The customer’s transfers read from the chain to their own addresses, newest first (at most 200), with their confirmations',
        description:
          'Recorded ones that are not credited say why (`below_minimum`, `unknown_token`, `wrong_network`, `dropped`). Real account only (`11006` in demo mode).',
      },
    },
    async (request) => ok(await cashier.listChainDeposits(request.customer)),
  );

  route(
    app,
    'cashier.recharge',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Reports a crypto deposit (amount, transaction hash, proof image) for staff review',
        description:
          'Below the coin minimum answers `11080` naming the coin and minimum; a hash already submitted answers `11083`; the proof image must be an upload of this customer.',
      },
    },
    async (request) => ok(await cashier.recharge(request.customer, request.body), successes.depositSubmitted),
  );

  route(
    app,
    'cashier.deposits',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The customer’s deposits, newest first (at most 200)',
      },
    },
    async (request) => ok(await cashier.listDeposits(request.customer, request.query.status)),
  );

  route(
    app,
    'cashier.withdrawalQuote',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Quotes a withdrawal’s fee before confirming; the quote lives 5 minutes and is used once',
        description:
          'The destination (address, or payee, card and bank) is optional and checked as the withdrawal checks it when sent. Amount plus fee above the available balance answers `11159`.',
      },
    },
    async (request) => ok(await cashier.quoteWithdrawal(request.customer, request.body)),
  );

  route(
    app,
    'cashier.withdraw',
    {
      ...withdrawOnce,
      schema: {
        tags,
        summary: 'Requests a withdrawal on a quote: amount plus fee are held during review',
        description:
          'Crypto: coin, network and an address valid on that network (`10021` when missing, `11084` when malformed). Bank: payee name, card number (Luhn-checked) and bank name. A missing, expired, used or different quote answers `11007`: quote again. A balance that no longer covers amount plus fee answers `11159`.',
      },
    },
    async (request) =>
      ok(await cashier.submitWithdrawal(request.customer, request.body), successes.withdrawalSubmitted),
  );

  route(
    app,
    'cashier.withdrawals',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'The customer’s withdrawals (the seed’s spelling), with queue position and target time while pending',
      },
    },
    async (request) => ok(await cashier.listWithdrawals(request.customer, request.query.status)),
  );

  route(
    app,
    'cashier.cancelWithdrawal',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Cancels a pending withdrawal and releases its hold (our addition)',
      },
    },
    async (request) => ok(await cashier.cancelWithdrawal(request.customer, request.body.id)),
  );
};

/** Staff: completes an approved withdrawal with the payout's transaction reference (audited as a review). */
export const cashierAdminRoutes: FastifyPluginAsync = async (app) => {
  const { reviews, chainDeposits } = app.services;
  route(
    app,
    'admin.chainDeposits',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Deposits from the chain: each watched network’s health (height, failures in a row, last error) and the transfers staff must look at (credited then replaced, wrong network, unknown token)',
        security: [{ token: [] }],
      },
    },
    async () => ok(await chainDeposits.staffView()),
  );
  route(
    app,
    'admin.chainSweeps',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Sweeps of deposit addresses into the hot wallet, newest first: address and customer, coin, balance, status, each transaction (gas top-up, transfer) with its hash',
        description: 'Without watched networks the list is empty. A page or page size out of range `400`.',
        security: [{ token: [] }],
      },
    },
    async (request) =>
      ok(
        app.services.chainSweeps
          ? await app.services.chainSweeps.page(request.query)
          : { items: [], total: 0, page: request.query.page, pageSize: request.query.pageSize },
      ),
  );
  route(
    app,
    'admin.completeWithdrawal',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Completes an approved withdrawal: the held amount is paid out and the fee taken',
        security: [{ token: [] }],
      },
    },
    async (request) =>
      ok(
        await reviews.approve('withdrawal', request.params.id, request.staff, {
          reference: request.body.reference,
          completeOnly: true,
        }),
      ),
  );
};
