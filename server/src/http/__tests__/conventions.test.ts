import { createTestServer, type TestServer } from '../../test/harness';
import { compileEverySchema } from '../compile-on-first-use';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe('API conventions', () => {
  it('answers an unknown route with the 404 envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/swx/customer/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: '404', message: 'Not found', result: null });
  });

  it('reports health with the database kind', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  // Prometheus metrics (behind METRICS_TOKEN): http/__tests__/security-headers.test.ts.

  it('has schemas Ajv and fast-json-stringify compile for every route (compiled on first use while serving)', () => {
    expect(() => compileEverySchema()).not.toThrow();
  });

  it('serves the OpenAPI document', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
