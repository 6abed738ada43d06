import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import client from 'prom-client';
import type { DestinationStream } from 'pino';
import type { Services } from './services';
import type { Config } from './config';
import { validatorCompiler } from './http/validation';
import { serializerCompiler } from './http/serialization';
import { frameworkErrorOptions, registerErrorHandling, registerNotFound } from './http/errors-plugin';
import { AppError } from './http/errors';
import { loggerOptions } from './http/logging';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaffNetworkRule } from './http/staff-network';
import { customerRoutes, adminRoutes, rootRoutes } from './routes';
import { route } from './http/route';
import { moduleOrigins, registerWebRoot } from './web/static';
import { errors } from '@swx/shared/contract';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /**
     * Logs and counts (`swx_unexpected_failures_total{source}` in /metrics) a failure nothing else handled:
     * an uncaught exception, an unhandled rejection, a websocket handler, a 5xx answer. The server keeps
     * serving: one failing handler must not take every customer's connection down with it.
     */
    reportFailure(source: FailureSource, error: unknown, context?: Record<string, unknown>): void;
  }
}

export type FailureSource = 'uncaughtException' | 'unhandledRejection' | 'websocket' | 'http';

export type App = FastifyInstance;

export interface BuildOptions {
  serveWeb?: boolean;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
}

/** Builds the HTTP application on already-created services. Listening is the caller's business. */
export async function buildApp(services: Services, options: BuildOptions = {}): Promise<App> {
  const { config } = services;
  const app = Fastify({
    ...frameworkErrorOptions,
    logger: {
      ...loggerOptions(config.logLevel),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: false,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStaffNetworkRule(app, config.staffAllowedCidrs);
  await registerSecurityHeaders(app, { moduleOrigins: () => moduleOrigins(config) });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SWX customer API',
        version: '0.1.0',
        description: 'Envelope: {code, message, result}. See docs/api.md.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    transformSpecification: (document) => openApiFor(document, 'customer'),
    // Swagger UI's own policy (hashes of its inline code), without framing or outside validator calls.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', '')
        // Swagger UI's bundle inserts <style> elements of its own.
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    errorHandler: (error, socket) => {
      app.reportFailure('websocket', error);
      socket.terminate();
    },
  });

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: 'swx_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  const failures = new client.Counter({
    name: 'swx_unexpected_failures_total',
    help: 'Failures no handler expected (uncaught exceptions, rejections, websocket handlers, 5xx answers)',
    labelNames: ['source'],
    registers: [registry],
  });
  app.decorate('reportFailure', (source: FailureSource, error: unknown, context = {}) => {
    failures.inc({ source });
    app.log.error({ err: error, source, ...context }, 'unexpected failure; still serving');
  });
  app.addHook('onResponse', async (_request, reply) => {
    if (reply.statusCode >= 500) failures.inc({ source: 'http' });
  });
  services.live.hub.onFailure = ({ error, op }) => app.reportFailure('websocket', error, { op });
  app.get(
    '/metrics',
    { schema: { hide: true }, onRequest: metricsGuard(config) },
    async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await services.database.db.execute('select 1' as never);
    return { status: 'ok', database: services.database.kind };
  });

  for (const plugin of rootRoutes) await app.register(named(plugin));
  await app.register(
    named(async function customerApi(customer) {
      for (const plugin of customerRoutes) await customer.register(named(plugin));
    }),
    { prefix: '/swx/customer' },
  );
  await app.register(
    named(async function staffApi(admin) {
      for (const plugin of adminRoutes) await admin.register(named(plugin));
      // The staff half of the API is documented for staff only, behind their sign-in.
      route(
        admin,
        'admin.openApi',
        { schema: { tags: ['staff'], summary: 'The staff API document (OpenAPI)' } },
        async () => openApiFor(app.swagger() as unknown as OpenApiDocument, 'staff'),
      );
    }),
    { prefix: '/swx/admin' },
  );

  const servingWeb = options.serveWeb ? await registerWebRoot(app, config) : false;
  if (!servingWeb) registerNotFound(app);
  return app;
}

/** `/metrics` answers only a scraper with `Authorization: Bearer $METRICS_TOKEN`; without a token, nobody. */
function metricsGuard(config: Config) {
  const expected = config.metricsToken
    ? crypto.createHash('sha256').update(config.metricsToken).digest()
    : null;
  return async (request: { headers: { authorization?: string } }) => {
    if (!expected) throw new AppError(errors.notFound);
    const sent = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const digest = crypto.createHash('sha256').update(sent).digest();
    // Equal-length digests: the comparison time says nothing about the token.
    if (!crypto.timingSafeEqual(digest, expected)) throw new AppError(errors.unauthorised);
  };
}

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  tags?: { name: string }[];
  [key: string]: unknown;
}

const STAFF_PREFIX = '/swx/admin';

/** The customer document (everything but the staff API) or the staff one (only the staff API). */
export function openApiFor<T extends OpenApiDocument>(document: T, audience: 'customer' | 'staff'): T {
  const isStaffPath = (path: string) => path === STAFF_PREFIX || path.startsWith(`${STAFF_PREFIX}/`);
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([path]) => isStaffPath(path) === (audience === 'staff')),
  );
  const info = {
    ...(document.info as object),
    title: audience === 'staff' ? 'SWX staff API' : 'SWX customer API',
  };
  return { ...document, info, paths };
}

/** Fastify's types take a hop count as a function: trust the `hops` nearest addresses of the chain. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The process-level rule: an exception or rejection that no handler caught is logged and counted, and the
 * server keeps serving (one failing handler must not disconnect every customer). Money stays consistent
 * regardless: balances change only in committed transactions. Returns the function that removes the rule.
 */
export function installProcessGuards(app: App): () => void {
  const onException = (error: unknown) => app.reportFailure('uncaughtException', error);
  const onRejection = (reason: unknown) => app.reportFailure('unhandledRejection', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}

const displayName = Symbol.for('fastify.display-name');

/**
 * Our route plugin under its function's name. Fastify names a plugin without a display name (in its errors and
 * its plugin tree) by searching every loaded module for one that exports it, on each registration: some forty
 * searches per server, a measurable part of starting one for each server test.
 */
function named<Plugin extends FastifyPluginAsync>(plugin: Plugin): Plugin {
  if (!(displayName in plugin))
    Object.defineProperty(plugin, displayName, { value: plugin.name || 'swx-routes' });
  return plugin;
}
