import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AssetInfo,
  AssetParams,
  BuyOptionsBody,
  BuyUBody,
  EnvelopeOf,
  IdBody,
  IdParams,
  ListUOrderQuery,
  MarginQuote,
  MarginQuoteBody,
  ModifyUBody,
  OptionContract,
  OptionContractList,
  Position,
  PositionList,
  ProfitTotal,
  ReceiptList,
  ReceiptParams,
  RiskStats,
  SpotListQuery,
  SpotOrder,
  SpotOrderList,
  SpotSubmitBody,
} from '@swx/shared/contract';
import { ok } from '../http/envelope';

const tags = ['order'];

/**
 * The order group under /swx/customer/order (PRODUCT.md §3, §4). Every call acts on the account set of the
 * request's mode (`virtually` header, else the stored mode): demo and real never see each other's orders.
 */
export const tradingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const trading = app.services.trading;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  // ---- spot ----
  app.post(
    '/order/submit',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Spot: buy or sell a coin against USDT, at market or with a limit price',
        description:
          'Market orders fill at the latest feed tick. Limit orders hold USDT (buy, fee included) or the coin (sell) and fill when the feed reaches the limit. Fee: `trade_fee_rate` of the traded value.',
        body: SpotSubmitBody,
        response: { 200: EnvelopeOf(SpotOrder) },
      },
    },
    async (request) => ok(await trading.submitSpot(request.customer, request.body), '20004'),
  );

  app.get(
    '/order/listBbOrder',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Spot orders, newest first (at most 200); repeat `status` to filter',
        querystring: SpotListQuery,
        response: { 200: EnvelopeOf(SpotOrderList) },
      },
    },
    async (request) => ok(await trading.listSpot(request.customer, request.query.status)),
  );

  app.post(
    '/order/cancelBb',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Spot: cancel a pending limit order and release its hold (our addition)',
        body: IdBody,
        response: { 200: EnvelopeOf(SpotOrder) },
      },
    },
    async (request) => ok(await trading.cancelSpot(request.customer, request.body.id)),
  );

  // ---- margin ----
  app.post(
    '/order/quoteU',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Margin: the terms of an order before confirming it (our addition)',
        description:
          'Price, required margin, fee, liquidation price and the expected return at take profit. Pass `quoteId` to `buyU`: it is refused with 11007 if the quote expired (30 s), the fee changed or a market price moved more than 0.5 %.',
        body: MarginQuoteBody,
        response: { 200: EnvelopeOf(MarginQuote) },
      },
    },
    async (request) => ok(await trading.quoteMargin(request.customer, request.body)),
  );

  app.post(
    '/order/buyU',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Margin: open a long or short position, at market or as a waiting limit entry',
        body: BuyUBody,
        response: { 200: EnvelopeOf(Position) },
      },
    },
    async (request) => ok(await trading.buyMargin(request.customer, request.body), '20004'),
  );

  app.post(
    '/order/stopU',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Margin: close an open position at the current feed price, or cancel a waiting entry',
        body: IdBody,
        response: { 200: EnvelopeOf(Position) },
      },
    },
    async (request) => ok(await trading.closeMargin(request.customer, request.body.id)),
  );

  app.post(
    '/order/modifyU',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Margin: change the stop loss or take profit (our addition); "" removes one',
        body: ModifyUBody,
        response: { 200: EnvelopeOf(Position) },
      },
    },
    async (request) => ok(await trading.modifyMargin(request.customer, request.body), '20005'),
  );

  app.get(
    '/order/listUOrder',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Margin positions, newest first (at most 200); repeat `status` to filter',
        description:
          'Open positions carry the current price and the unrealised profit (before the closing fee).',
        querystring: ListUOrderQuery,
        response: { 200: EnvelopeOf(PositionList) },
      },
    },
    async (request) => ok(await trading.listMargin(request.customer, request.query.status)),
  );

  // ---- options ----
  app.post(
    '/order/buyOptions',
    {
      ...authOnce,
      schema: {
        tags,
        summary: "Options: buy an up/down contract for a period from the market's option terms",
        body: BuyOptionsBody,
        response: { 200: EnvelopeOf(OptionContract) },
      },
    },
    async (request) => ok(await trading.buyOption(request.customer, request.body), '20004'),
  );

  app.get(
    '/order/getOptionsOrderById/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Options: one contract',
        params: IdParams,
        response: { 200: EnvelopeOf(OptionContract) },
      },
    },
    async (request) => ok(await trading.getOption(request.customer, request.params.id)),
  );

  app.get(
    '/order/listOptionsOrder',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Options: contracts, newest first (at most 200)',
        response: { 200: EnvelopeOf(OptionContractList) },
      },
    },
    async (request) => ok(await trading.listOptions(request.customer)),
  );

  // ---- receipts, assets, profit, risk ----
  app.get(
    '/order/receipt/:kind/:id',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Execution receipts of one order: requested and fill price, the feed tick, the ledger entries',
        params: ReceiptParams,
        response: { 200: EnvelopeOf(ReceiptList) },
      },
    },
    async (request) => ok(await trading.receipts(request.customer, request.params.kind, request.params.id)),
  );

  app.get(
    '/order/getAssestInfo/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Balances of the active account set, valued in USDT at feed prices',
        description: '`id` is a currency code (e.g. `USDT`, `BTC`) or `all`.',
        params: AssetParams,
        response: { 200: EnvelopeOf(AssetInfo) },
      },
    },
    async (request) => ok(await trading.assets(request.customer, request.params.id)),
  );

  app.get(
    '/order/getProfitTotal',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Realised and unrealised profit of the active account set',
        response: { 200: EnvelopeOf(ProfitTotal) },
      },
    },
    async (request) => ok(await trading.profitTotal(request.customer)),
  );

  app.get(
    '/order/riskStats',
    {
      schema: {
        tags,
        summary:
          'Share of real-money customers who lost money on leveraged and option products, last 90 days',
        description:
          '`lossShare` is null ("not enough data") below 100 customers. Public: shown on every risk warning.',
        response: { 200: EnvelopeOf(RiskStats) },
      },
    },
    async () => ok(await trading.riskStats()),
  );
};
