import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  successes,
  errors,
  CandleList,
  EnvelopeOf,
  FeedStatus,
  HomeStats,
  KLineQuery,
  ListMarketAllQuery,
  MarketCodeOrIdParams,
  MarketInfo,
  MarketCodePath,
  MarketListResult,
  MarketOptionTermsRecord,
  SetMarketOptionTermsBody,
  WatchlistBody,
  WatchlistQuery,
  WatchlistResult,
} from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { AppError } from '../http/errors';

// From src/markets when run from source, from dist/ when bundled.
const logoDir =
  [
    path.resolve(__dirname, '..', '..', 'assets', 'logos'),
    path.resolve(__dirname, '..', 'assets', 'logos'),
  ].find((dir) => fs.existsSync(dir)) ?? '';

/** Logos are small and few: read once, served from memory with a long cache lifetime. */
function loadLogos(): Map<string, Buffer> {
  const logos = new Map<string, Buffer>();
  if (!logoDir) return logos;
  for (const file of fs.readdirSync(logoDir)) {
    if (file.endsWith('.svg')) logos.set(file.slice(0, -4), fs.readFileSync(path.join(logoDir, file)));
  }
  return logos;
}

/** Public market data under /swx/customer/index: catalogue, prices, charts, logos, feed status. */
export const marketsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const markets = app.services.markets;
  const logos = loadLogos();

  app.get(
    '/index/listMarketAll',
    {
      schema: {
        tags: ['markets'],
        summary: 'All markets with latest price, daily change and the last 100 prices',
        description:
          'Served from memory; repeat `type` to ask for several types. Prices are null before the first tick.',
        querystring: ListMarketAllQuery,
        response: { 200: EnvelopeOf(MarketListResult) },
      },
    },
    async (request, reply) => {
      // The body is serialised once per type set and price change (see MarketsService.listMarketAllBody);
      // a Buffer bypasses the response serializer.
      const answer = markets.listMarketAllBody(request.query.type);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(answer.gzipped as never);
      }
      return reply.send(answer.body as never);
    },
  );

  app.get(
    '/index/getMarketInfo/:codeOrId',
    {
      schema: {
        tags: ['markets'],
        summary: 'Everything about one market: contract, leverages, trading hours, feed',
        params: MarketCodeOrIdParams,
        response: { 200: EnvelopeOf(MarketInfo) },
      },
    },
    async (request) => ok(markets.info(markets.get(request.params.codeOrId))),
  );

  app.get(
    '/index/getKValueByCodeAndDate',
    {
      schema: {
        tags: ['markets'],
        summary: 'Candles from stored history (1m to 1w), at most 1000 per request',
        description:
          'Empty when the feed published nothing in the range. `from` inclusive, `to` exclusive (epoch ms).',
        querystring: KLineQuery,
        response: { 200: EnvelopeOf(CandleList) },
      },
    },
    async (request) => {
      const { code, interval, from, to } = request.query;
      return ok(await markets.candles(code, interval, from, to));
    },
  );

  app.get(
    '/index/feedStatus',
    {
      schema: {
        tags: ['markets'],
        summary: 'Which market-data feed is live and whether its prices are simulated',
        response: { 200: EnvelopeOf(FeedStatus) },
      },
    },
    async () => ok({ feed: markets.feedKind, simulated: markets.simulated }),
  );

  app.get(
    '/index/homeStats',
    {
      schema: {
        tags: ['markets'],
        summary: 'Headline statistics of the home page, computed from real-money records',
        description:
          'Active customers; customers who traded and USDT traded with real money in the last 24 h (demo ' +
          'excluded). Computed at most once a minute per server; `asOf` says when.',
        response: { 200: EnvelopeOf(HomeStats) },
      },
    },
    async () => ok(await app.services.homeStats.current()),
  );

  app.get(
    '/index/logo/:file',
    {
      schema: {
        tags: ['markets'],
        summary: 'A market logo (SVG)',
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}\\.svg$' }) }),
      },
    },
    async (request, reply) => {
      const logo = logos.get(request.params.file.slice(0, -4).toUpperCase());
      if (!logo) throw new AppError(errors.notFound);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(logo);
    },
  );

  const watchlistSchema = {
    tags: ['markets'],
    security: [{ token: [] }],
    response: { 200: EnvelopeOf(WatchlistResult) },
  };
  app.get(
    '/user/watchlist',
    {
      preHandler: app.authenticate,
      schema: { ...watchlistSchema, summary: 'The markets the customer watches' },
    },
    async (request) => ok(await markets.watchlist(request.customer.userId)),
  );
  app.post(
    '/user/watchlist',
    {
      preHandler: app.authenticate,
      schema: {
        ...watchlistSchema,
        summary: 'Add a market to the watchlist (adding it twice changes nothing)',
        body: WatchlistBody,
      },
    },
    async (request) => ok(await markets.watch(request.customer.userId, request.body.code)),
  );
  app.delete(
    '/user/watchlist',
    {
      preHandler: app.authenticate,
      schema: {
        ...watchlistSchema,
        summary: 'Remove a market from the watchlist',
        querystring: WatchlistQuery,
      },
    },
    async (request) => ok(await markets.unwatch(request.customer.userId, request.query.code)),
  );
};

/** Staff set a market's own option terms (periods, stake bounds) under /swx/admin; every change is audited. */
export const marketsAdminRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const markets = app.services.markets;
  const security = [{ token: [] }];

  app.get(
    '/markets/:code/optionTerms',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: "A market's own option terms (null = the parameter applies) and the terms in force",
        security,
        params: MarketCodePath,
        response: { 200: EnvelopeOf(MarketOptionTermsRecord) },
      },
    },
    async (request) => ok(markets.optionTermsRecord(request.params.code)),
  );

  app.post(
    '/markets/:code/optionTerms',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          "Sets or clears a market's option periods and stake bounds (checked, audited with the reason)",
        description:
          'A field left out keeps its current value; `null` clears the override so the parameter ' +
          '(`option_periods`, `option_stake_min`, `option_stake_max`) applies again. Invalid terms answer 11041.',
        security,
        params: MarketCodePath,
        body: SetMarketOptionTermsBody,
        response: { 200: EnvelopeOf(MarketOptionTermsRecord) },
      },
    },
    async (request) =>
      ok(
        await markets.setOptionTerms(request.params.code, request.body, request.staff.staffId),
        successes.modified,
      ),
  );
};
