import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { successes, errors } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';
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
export const marketsRoutes: FastifyPluginAsync = async (app) => {
  const markets = app.services.markets;
  const logos = loadLogos();

  route(
    app,
    'markets.list',
    {
      schema: {
        tags: ['markets'],
        summary: 'All markets with latest price, daily change and the last 100 prices',
        description:
          'Served from memory; repeat `type` to ask for several types. Prices are null before the first tick.',
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

  route(
    app,
    'markets.info',
    {
      schema: {
        tags: ['markets'],
        summary: 'Everything about one market: contract, leverages, trading hours, feed',
      },
    },
    async (request) => ok(markets.info(markets.get(request.params.codeOrId))),
  );

  route(
    app,
    'markets.candles',
    {
      schema: {
        tags: ['markets'],
        summary: 'Candles from stored history (1m to 1w), at most 1000 per request',
        description:
          'Empty when the feed published nothing in the range. `from` inclusive, `to` exclusive (epoch ms).',
      },
    },
    async (request) => {
      const { code, interval, from, to } = request.query;
      return ok(await markets.candles(code, interval, from, to));
    },
  );

  route(
    app,
    'markets.feedStatus',
    {
      schema: {
        tags: ['markets'],
        summary: 'Which market-data feed is live and whether its prices are simulated',
      },
    },
    async () => ok(markets.feedStatus()),
  );

  route(
    app,
    'markets.homeStats',
    {
      schema: {
        tags: ['markets'],
        summary: 'Headline statistics of the home page, computed from real-money records',
        description:
          'Active customers; customers who traded and USDT traded with real money in the last 24 h (demo ' +
          'excluded). Computed at most once a minute per server; `asOf` says when.',
      },
    },
    async () => ok(await app.services.homeStats.current()),
  );

  route(
    app,
    'markets.logo',
    {
      schema: {
        tags: ['markets'],
        summary: 'A market logo (SVG)',
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
  };
  route(
    app,
    'markets.watchlist',
    {
      preHandler: app.authenticate,
      schema: { ...watchlistSchema, summary: 'The markets the customer watches' },
    },
    async (request) => ok(await markets.watchlist(request.customer.userId)),
  );
  route(
    app,
    'markets.watch',
    {
      preHandler: app.authenticate,
      schema: {
        ...watchlistSchema,
        summary: 'Add a market to the watchlist (adding it twice changes nothing)',
      },
    },
    async (request) => ok(await markets.watch(request.customer.userId, request.body.code)),
  );
  route(
    app,
    'markets.unwatch',
    {
      preHandler: app.authenticate,
      schema: {
        ...watchlistSchema,
        summary: 'Remove a market from the watchlist',
      },
    },
    async (request) => ok(await markets.unwatch(request.customer.userId, request.query.code)),
  );
};

/** Staff set a market's own option terms (periods, stake bounds) under /swx/admin; every change is audited. */
export const marketsAdminRoutes: FastifyPluginAsync = async (app) => {
  const markets = app.services.markets;
  const security = [{ token: [] }];

  route(
    app,
    'admin.optionMarkets',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'The markets that offer options, and whether their terms are their own',
        security,
      },
    },
    async () => ok(markets.optionMarkets()),
  );

  route(
    app,
    'admin.marketOptionTerms',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: "A market's own option terms (null = the parameter applies) and the terms in force",
        security,
      },
    },
    async (request) => ok(markets.optionTermsRecord(request.params.code)),
  );

  route(
    app,
    'admin.setMarketOptionTerms',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          "Asks to set or clear a market's option periods and stake bounds: checked now, applied when a second admin approves",
        description:
          'A field left out keeps its current value; `null` clears the override so the parameter ' +
          '(`option_periods`, `option_stake_min`, `option_stake_max`) applies again. Invalid terms answer 11041.',
        security,
      },
    },
    async (request) =>
      ok(
        await app.services.changes.request(
          'option-terms',
          request.staff,
          { code: request.params.code, terms: request.body },
          request.body.reason,
        ),
        successes.submittedForReview,
      ),
  );
};
