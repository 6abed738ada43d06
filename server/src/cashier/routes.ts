import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  successes,
  CancelWithdrawalBody,
  CompleteWithdrawalBody,
  Deposit,
  DepositList,
  DepositOptions,
  EnvelopeOf,
  ListRechargeQuery,
  ListWithdrawalQuery,
  RechargeBody,
  Withdrawal,
  WithdrawalBody,
  WithdrawalIdPath,
  WithdrawalList,
  WithdrawalQuote,
  WithdrawalQuoteBody,
} from '@swx/shared/contract';
import { Type } from '@sinclair/typebox';
import { ok } from '../http/envelope';

const tags = ['cashier'];

/**
 * Deposits and withdrawals under /swx/customer/user (PRODUCT.md §3, §4). Real account only: in demo mode
 * every submission answers `11006`. Staff decide through the review queue (`/swx/admin/reviews`).
 */
export const cashierRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { cashier } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  app.get(
    '/user/depositOptions',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Deposit coins and networks, the receiving address and its QR code, and the minimum per coin',
        response: { 200: EnvelopeOf(DepositOptions) },
      },
    },
    async () => ok(await cashier.depositOptions()),
  );

  app.post(
    '/user/recharge',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Reports a crypto deposit (amount, transaction hash, proof image) for staff review',
        description:
          'Below the coin minimum answers `11080` naming the coin and minimum; a hash already submitted answers `11083`; the proof image must be an upload of this customer.',
        body: RechargeBody,
        response: { 200: EnvelopeOf(Deposit) },
      },
    },
    async (request) => ok(await cashier.recharge(request.customer, request.body), successes.depositSubmitted),
  );

  app.get(
    '/user/listRecharge',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The customer’s deposits, newest first (at most 200)',
        querystring: ListRechargeQuery,
        response: { 200: EnvelopeOf(DepositList) },
      },
    },
    async (request) => ok(await cashier.listDeposits(request.customer, request.query.status)),
  );

  app.post(
    '/user/withdrawalQuote',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Quotes a withdrawal’s fee before confirming; the quote lives 5 minutes and is used once',
        body: WithdrawalQuoteBody,
        response: { 200: EnvelopeOf(WithdrawalQuote) },
      },
    },
    async (request) => ok(await cashier.quoteWithdrawal(request.customer, request.body)),
  );

  app.post(
    '/user/withdrawal',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Requests a withdrawal on a quote: amount plus fee are held during review',
        description:
          'Crypto: coin, network and an address valid on that network (`10021` when missing, `11084` when malformed). Bank: payee name, card number (Luhn-checked) and bank name. A missing, expired, used or different quote answers `11007`: quote again.',
        body: WithdrawalBody,
        response: { 200: EnvelopeOf(Withdrawal) },
      },
    },
    async (request) =>
      ok(await cashier.submitWithdrawal(request.customer, request.body), successes.withdrawalSubmitted),
  );

  app.get(
    '/user/listWithdrwal',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'The customer’s withdrawals (the seed’s spelling), with queue position and target time while pending',
        querystring: ListWithdrawalQuery,
        response: { 200: EnvelopeOf(WithdrawalList) },
      },
    },
    async (request) => ok(await cashier.listWithdrawals(request.customer, request.query.status)),
  );

  app.post(
    '/user/cancelWithdrawal',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Cancels a pending withdrawal and releases its hold (our addition)',
        body: CancelWithdrawalBody,
        response: { 200: EnvelopeOf(Withdrawal) },
      },
    },
    async (request) => ok(await cashier.cancelWithdrawal(request.customer, request.body.id)),
  );
};

/** Staff: completes an approved withdrawal with the payout's transaction reference (audited as a review). */
export const cashierAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { reviews } = app.services;
  app.post(
    '/withdrawals/:id/complete',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Completes an approved withdrawal: the held amount is paid out and the fee taken',
        security: [{ token: [] }],
        params: WithdrawalIdPath,
        body: CompleteWithdrawalBody,
        response: { 200: EnvelopeOf(Type.Unknown()) },
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
