import { routeKeys, routes, type RouteSpec } from '@swx/shared/contract';
import type { TestServer } from '../../test/harness';
import { createStaffTestServer, staffToken } from '../../staff/__tests__/helpers';

const prefixes = { customer: '/swx/customer', admin: '/swx/admin' } as const;

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
}

let server: TestServer;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  server = await createStaffTestServer();
  // Customer operations are in the public document, staff operations in the staff-only one.
  const customerDoc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json();
  const staffDoc = (
    await server.app.inject({
      method: 'GET',
      url: '/swx/admin/openapi.json',
      headers: { authorization: await staffToken(server) },
    })
  ).json();
  paths = { ...customerDoc.paths, ...staffDoc.paths };
});
afterAll(async () => server.close());

function urlOf(spec: RouteSpec): string {
  return `${prefixes[spec.scope]}${spec.path}`;
}

/** The OpenAPI document writes `:id` as `{id}`. */
function operationOf(spec: RouteSpec): Operation | undefined {
  return paths[urlOf(spec).replace(/:([A-Za-z0-9]+)/g, '{$1}')]?.[spec.method.toLowerCase()];
}

describe('route map and server', () => {
  it.each(routeKeys)('registers %s with the map’s method and path', (key) => {
    const spec: RouteSpec = routes[key];
    expect(server.app.hasRoute({ method: spec.method, url: urlOf(spec) })).toBe(true);
    const operation = operationOf(spec);
    expect(operation).toBeDefined();
    // route() names the operation by its key: the route was registered from the map, not by hand.
    expect(operation?.operationId).toBe(key);
  });

  it('publishes the map’s body and query schemas in the OpenAPI document', () => {
    for (const key of routeKeys) {
      const spec: RouteSpec = routes[key];
      const operation = operationOf(spec);
      expect({ key, body: operation?.requestBody !== undefined }).toEqual({
        key,
        body: spec.body !== undefined,
      });
      const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const declared = Object.keys((spec.query as { properties?: object } | undefined)?.properties ?? {});
      expect({ key, query: queryNames.sort() }).toEqual({ key, query: declared.sort() });
    }
  });

  it('names every keyed operation once, and only with keys of the map', () => {
    const ids = Object.values(paths).flatMap((methods) =>
      Object.values(methods).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const known = new Set<string>(routeKeys);
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
    expect(ids).toHaveLength(routeKeys.length);
  });
});
