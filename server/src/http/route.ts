import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import {
  EnvelopeOf,
  routes,
  type Envelope,
  type RouteBody,
  type RouteKey,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
  type Routes,
  type RouteSpec,
} from '@swx/shared/contract';

/**
 * What a route adds to the map's schemas for the OpenAPI document. Method, path, params, query, body and
 * the envelope's result come from the route map and cannot be set here, so client and server cannot drift.
 */
export interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  consumes?: string[];
  produces?: string[];
  /** Only for routes that answer something other than an envelope (a CSV file). */
  response?: Record<number, TSchema>;
}

export type KeyedRequest<K extends RouteKey> = FastifyRequest<{
  Params: RouteParams<K>;
  Querystring: RouteQuery<K>;
  Body: RouteBody<K>;
}>;

/**
 * A route with a result answers its envelope (or sends through the reply itself, e.g. a pre-serialised
 * body); a route without one answers whatever it sends (an image, a CSV file).
 */
type Answer<K extends RouteKey> = Routes[K] extends { result: TSchema }
  ? Envelope<RouteResult<K>> | FastifyReply
  : unknown;

export interface KeyedRouteOptions extends Omit<RouteShorthandOptions, 'schema' | 'config'> {
  schema: RouteDocs;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route-map key a route was registered under (set by `route()`): hooks read the route's spec through
     * it, as the staff check does for roles and sign-in gates.
     */
    routeKey?: RouteKey;
  }
}

/** The OpenAPI operation id of a route is its key in the route map (the route-map test relies on it). */
export function operationIdOf(key: RouteKey): string {
  return key;
}

/**
 * Registers the route-map entry `key` on `app` (already under its scope's prefix): method and path from the
 * map, its TypeBox schemas for validation and for the OpenAPI document. The handler's request and answer
 * are typed from the same schemas.
 */
export function route<K extends RouteKey>(
  app: FastifyInstance,
  key: K,
  options: KeyedRouteOptions,
  handler: (request: KeyedRequest<K>, reply: FastifyReply) => Promise<Answer<K>>,
): void {
  const spec: RouteSpec = routes[key];
  const schema: FastifySchema & { operationId: string } = {
    ...options.schema,
    operationId: operationIdOf(key),
    ...(spec.params && { params: spec.params }),
    ...(spec.query && { querystring: spec.query }),
    ...(spec.body && { body: spec.body }),
    ...(spec.result && { response: { 200: EnvelopeOf(spec.result) } }),
  };
  app.route({
    ...options,
    method: spec.method,
    url: spec.path,
    config: { routeKey: key },
    schema,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
