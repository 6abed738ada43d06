import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestServer, type TestServer } from '../../test/harness';
import { signUpCustomer } from '../../auth/testing';

/**
 * Errors raised by the framework and by Node's HTTP parser — before any of our code runs — still answer in
 * the envelope with a catalogue code and the fitting HTTP status (issue 12, item 4).
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = (await signUpCustomer(server)).token;
});
afterAll(async () => server.close());

function expectEnvelope(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = JSON.parse(res.body);
  expect(body).toEqual({ code, message: expect.any(String), result: null });
  expect(res.body).not.toMatch(/FST_|HPE_|Error|statusCode/);
}

describe('framework errors in the envelope', () => {
  it.each(['/swx/customer/index/getContentsById/%zz', '/swx/customer/index/getParamByKey/%ED%A0%80'])(
    'bad URL encoding %s → 400',
    async (url) => {
      expectEnvelope(await server.app.inject({ method: 'GET', url }), 400, '400');
    },
  );

  it('a path parameter past the router limit → 414', async () => {
    const url = `/swx/customer/index/getParamByKey/${'k'.repeat(300)}`;
    expectEnvelope(await server.app.inject({ method: 'GET', url }), 414, '413');
  });

  it.each([
    ['malformed JSON', 'application/json', '{"email":'],
    ['an empty JSON body', 'application/json', ''],
    ['JSON with a __proto__ key', 'application/json', '{"__proto__":{"x":1},"email":"a@b.co"}'],
    ['a wrong content type', 'text/plain', 'email=a@b.co'],
    ['an unknown content type', 'application/x-evil', '\u0000'],
  ])('%s → 4xx envelope', async (_name, contentType, payload) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/sendCode',
      headers: { 'content-type': contentType },
      payload,
    });
    expect([400, 415]).toContain(res.statusCode);
    expectEnvelope(res, res.statusCode, String(res.statusCode));
  });

  const boundary = 'swxboundary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
  it.each([
    ['no closing boundary', `multipart/form-data; boundary=${boundary}`, part],
    [
      'a truncated part header',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-da`,
    ],
    ['no boundary parameter', 'multipart/form-data', part],
    ['an empty boundary', 'multipart/form-data; boundary=', part],
    ['a boundary past 70 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, part],
    ['an empty body', `multipart/form-data; boundary=${boundary}`, ''],
  ])('a malformed multipart body (%s) → 400 envelope', async (_name, contentType, payload) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/upload/image',
      headers: { 'content-type': contentType, authorization: token },
      payload: Buffer.from(payload, 'latin1'),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectEnvelope(res, res.statusCode, JSON.parse(res.body).code);
  });
});

/** Raw HTTP on a real socket: Node's parser refuses these before Fastify sees a request. */
async function rawRequest(text: string): Promise<{ statusCode: number; body: string }> {
  const { port } = server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head, body = ''] = data.split('\r\n\r\n');
      const statusCode = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
      if (!statusCode) reject(new Error(`no HTTP answer: ${data.slice(0, 200)}`));
      else resolve({ statusCode, body });
    });
  });
}

describe('errors from the HTTP parser in the envelope', () => {
  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('headers past the size limit → 431', async () => {
    const res = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(res, 431, '413');
  });

  it('a URL past the size limit → 431 (Node counts the request line in the header limit)', async () => {
    const res = await rawRequest(`GET /swx/customer/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectEnvelope(res, 431, '413');
  });

  it('a request line that is not HTTP → 400', async () => {
    const res = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expectEnvelope(res, 400, '400');
  });
});
