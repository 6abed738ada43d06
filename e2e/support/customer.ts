import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { verificationCodeIn, waitForMail } from './smtp';

export interface CustomerSession {
  token: string;
  userInfo: { virtualStatus: string } & Record<string, unknown>;
}

/**
 * A new customer signed up through the real API (the code read from the mail the server sent); `tag` keeps
 * the generated usernames of parallel specs apart.
 */
export async function registerCustomer(request: APIRequestContext, tag: string): Promise<CustomerSession> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `${tag}${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'fit-check-pass1' };
  const since = Date.now();
  const sent = await request.post('/swx/customer/login/sendCode', {
    data: { email: customer.email, scene: 'register' },
  });
  expect(await sent.json()).toMatchObject({ code: '200' });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await request.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  const body = (await registered.json()) as { code: string; result: CustomerSession };
  expect(body).toMatchObject({ code: '200' });
  return body.result;
}

/**
 * Every page of the context starts signed in as the customer, in `language`, with the onboarding board
 * already seen: the site's local keys, as a login and the language picker leave them.
 */
export async function prepareContext(
  context: BrowserContext,
  options: { language: string; session?: CustomerSession },
): Promise<void> {
  await context.addInitScript(({ language, session }) => {
    window.sessionStorage.setItem('showBoard', 'false');
    window.localStorage.setItem('language', language);
    if (!session) return;
    window.localStorage.setItem('token', session.token);
    window.localStorage.setItem('userInfo', JSON.stringify(session.userInfo));
    window.localStorage.setItem('isLogin', 'true');
    window.localStorage.setItem('virtualStatus', session.userInfo.virtualStatus);
  }, options);
}
