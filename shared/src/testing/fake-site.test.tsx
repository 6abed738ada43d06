import { createFakeSite, ok, Refusal, resetRoot } from './fake-site';

let site: ReturnType<typeof createFakeSite> | undefined;
afterEach(() => resetRoot(site?.root));

async function answer(path: string, init?: RequestInit) {
  const response = await site!.fetch(`/swx/customer${path}`, init);
  return { status: response.status, body: await response.json() };
}

test('answers results, ok() answers, refusals, errors and unknown routes in the envelope', async () => {
  site = createFakeSite({
    'GET /plain': { a: 1 },
    'POST /confirmed': ok(null, '20005'),
    'POST /catalogued': new Refusal('10004'),
    'POST /overridden': new Refusal('11007', 422),
    'POST /uncatalogued': new Refusal('99999'),
    'GET /broken': new Error('boom'),
    'GET /echo': (call: { query: URLSearchParams }) => ({ q: call.query.get('q') }),
  });
  expect(await answer('/plain')).toEqual({
    status: 200,
    body: { code: '200', message: '', result: { a: 1 } },
  });
  expect(await answer('/confirmed', { method: 'POST' })).toEqual({
    status: 200,
    body: { code: '200', message: '20005', result: null },
  });
  expect((await answer('/catalogued', { method: 'POST' })).status).toBe(400);
  expect((await answer('/overridden', { method: 'POST' })).status).toBe(422);
  expect((await answer('/uncatalogued', { method: 'POST' })).status).toBe(422);
  expect(await answer('/broken')).toEqual({
    status: 500,
    body: { code: '500', message: 'boom', result: null },
  });
  expect((await answer('/missing')).status).toBe(404);
  expect((await answer('/echo?q=btc')).body.result).toEqual({ q: 'btc' });
});

test('records each call with its JSON body and headers as sent', async () => {
  site = createFakeSite({ 'POST /user/recharge': null });
  await answer('/user/recharge', {
    method: 'POST',
    body: JSON.stringify({ amount: '10' }),
    headers: { 'Idempotency-Key': 'k1' },
  });
  expect(site.calls).toEqual([
    expect.objectContaining({
      method: 'POST',
      path: '/user/recharge',
      body: { amount: '10' },
      headers: { 'Idempotency-Key': 'k1' },
    }),
  ]);
});

test('signs in the default customer in the mode asked for, and registers the module strings', () => {
  const register = jest.fn();
  site = createFakeSite({}, { signedIn: true, mode: 'real', register, user: { username: 'bo' } });
  expect(site.root.session.userInfo).toMatchObject({
    username: 'bo',
    accountMode: 'real',
    virtualStatus: '0',
  });
  expect(site.root.settings.accountMode).toBe('real');
  expect(localStorage.getItem('virtualStatus')).toBe('0');
  expect(register).toHaveBeenCalledWith(site.root.i18n);
});
