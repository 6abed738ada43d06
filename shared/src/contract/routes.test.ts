import { Kind, type TObject } from '@sinclair/typebox';
import { staffRoles } from './admin';
import { routePath, routeKeys, routes, type RouteSpec } from './routes';

const specs = routeKeys.map((key) => [key, routes[key] as RouteSpec] as const);

describe('route map', () => {
  it('holds each scope, method and path once', () => {
    const seen = new Set(specs.map(([, spec]) => `${spec.scope} ${spec.method} ${spec.path}`));
    expect(seen.size).toBe(specs.length);
  });

  it('names admin routes admin.* and customer routes by their domain', () => {
    for (const [key, spec] of specs) {
      expect(key.startsWith('admin.')).toBe(spec.scope === 'admin');
      expect(key).toMatch(/^[a-z]+(\.[a-zA-Z]+)+$/);
    }
  });

  it('declares a params schema exactly when the path has parameters, with the same names', () => {
    for (const [key, spec] of specs) {
      const names = [...spec.path.matchAll(/:([A-Za-z0-9]+)/g)].map((match) => match[1]).sort();
      const declared = spec.params ? Object.keys((spec.params as TObject).properties).sort() : [];
      expect({ key, names }).toEqual({ key, names: declared });
    }
  });

  it('names the roles of every staff route, and of no customer route', () => {
    for (const [key, spec] of specs) {
      if (spec.scope === 'customer') {
        expect({ key, roles: spec.roles, gate: spec.staffGate }).toEqual({
          key,
          roles: undefined,
          gate: undefined,
        });
        continue;
      }
      expect(spec.roles?.length).toBeGreaterThan(0);
      for (const role of spec.roles ?? []) expect(staffRoles).toContain(role);
    }
    const signIn = specs.filter(([, spec]) => spec.staffGate === 'signIn').map(([key]) => key);
    expect(signIn.sort()).toEqual([
      'admin.completePasswordReset',
      'admin.login',
      'admin.loginRecovery',
      'admin.loginTotp',
    ]);
  });

  it('sends no body with GET or DELETE', () => {
    for (const [, spec] of specs) {
      if (spec.method === 'GET' || spec.method === 'DELETE') expect(spec.body).toBeUndefined();
      for (const schema of [spec.params, spec.query, spec.body, spec.result]) {
        if (schema) expect(schema[Kind]).toBeDefined();
      }
    }
  });

  it('bounds every number a query string or path may carry (no out-of-range value reaches a handler)', () => {
    const unbounded: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'integer' || node.type === 'number') {
        const max = node.maximum;
        if (typeof max !== 'number' || max > Number.MAX_SAFE_INTEGER || node.minimum === undefined)
          unbounded.push(where);
      }
      for (const [name, child] of Object.entries((node.properties as Record<string, unknown>) ?? {}))
        walk(child, `${where}.${name}`);
      walk(node.items, `${where}[]`);
      for (const option of (node.anyOf as unknown[]) ?? []) walk(option, where);
    };
    for (const [key, spec] of specs) {
      walk(spec.query, `${key} query`);
      walk(spec.params, `${key} params`);
    }
    expect(unbounded).toEqual([]);
  });

  it('fills path parameters, encoded', () => {
    expect(routePath('/order/receipt/:kind/:id', { kind: 'spot', id: '7' })).toBe('/order/receipt/spot/7');
    expect(routePath('/index/listContents/:selector', { selector: '4-zh CN' })).toBe(
      '/index/listContents/4-zh%20CN',
    );
    expect(() => routePath('/x/:id', {})).toThrow('Path parameter id missing');
  });
});
