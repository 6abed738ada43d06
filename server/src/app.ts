import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import client from 'prom-client';
import type { Services } from './services';
import { validatorCompiler } from './http/validation';
import { frameworkErrorOptions, registerErrorHandling, registerNotFound } from './http/errors-plugin';
import { customerRoutes, adminRoutes, rootRoutes } from './routes';
import { registerWebRoot } from './web/static';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type App = FastifyInstance;

/** Builds the HTTP application on already-created services. Listening is the caller's business. */
export async function buildApp(services: Services, options: { serveWeb?: boolean } = {}): Promise<App> {
  const { config } = services;
  const app = Fastify({
    ...frameworkErrorOptions,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: false,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SWX customer and staff API',
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
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

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
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await services.database.db.execute('select 1' as never);
    return { status: 'ok', database: services.database.kind };
  });

  for (const plugin of rootRoutes) await app.register(plugin);
  await app.register(
    async (customer) => {
      for (const plugin of customerRoutes) await customer.register(plugin);
    },
    { prefix: '/swx/customer' },
  );
  await app.register(
    async (admin) => {
      for (const plugin of adminRoutes) await admin.register(plugin);
    },
    { prefix: '/swx/admin' },
  );

  const servingWeb = options.serveWeb ? await registerWebRoot(app, config) : false;
  if (!servingWeb) registerNotFound(app);
  return app;
}
