import Fastify from 'fastify';
import { MODULE_ORIGINS_REFRESH_MS, registerSecurityHeaders } from '../security-headers';

describe('the CSP module origins', () => {
  it('are read at most once per refresh period, and a change shows once it has passed', async () => {
    let origins = ['https://a.example'];
    let reads = 0;
    let now = 1_000_000;
    const app = Fastify();
    await registerSecurityHeaders(app, {
      moduleOrigins: () => {
        reads++;
        return origins;
      },
      now: () => now,
    });
    app.get('/x', async () => ({ ok: true }));
    const scriptSrc = async () =>
      /script-src ([^;]*)/.exec(
        String((await app.inject({ url: '/x' })).headers['content-security-policy']),
      )?.[1];

    expect(await scriptSrc()).toBe("'self' https://a.example");
    expect(await scriptSrc()).toBe("'self' https://a.example");
    expect(reads).toBe(1);
    origins = ['https://b.example'];
    now += MODULE_ORIGINS_REFRESH_MS - 1;
    expect(await scriptSrc()).toBe("'self' https://a.example");
    now += 1;
    expect(await scriptSrc()).toBe("'self' https://b.example");
    expect(reads).toBe(2);
    await app.close();
  });
});
