import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { stepUpByEmail } from '../support/step-up';
import { deployModules, expect, test } from './fixtures';

/**
 * Wallet sign-in (Sign-In with Ethereum) end to end: the built sign-in and account modules against the
 * real server, with a wallet injected into the page. The wallet is an EIP-1193 provider that announces
 * itself by EIP-6963 and signs through `page.exposeFunction` with a viem local account living in this
 * test process, so the signature the server verifies is a real secp256k1 one.
 *
 * The pages are opened at the server's public URL (PUBLIC_URL, `http://127.0.0.1:<port>` in playwright.config.ts):
 * the message's domain and URI must be the site's own, which the server takes from its configuration.
 */
const site = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

async function useSignInModules(page: Page) {
  await deployModules(page, ['mf-account', 'mf-pass']);
}

/** Puts a wallet backed by `account` into every page of this test, announced as "E2E Wallet". */
async function injectWallet(page: Page, account: PrivateKeyAccount) {
  await page.exposeFunction('__e2eWalletAddress', () => account.address.toLowerCase());
  await page.exposeFunction('__e2eWalletSign', (raw: `0x${string}`, signer: string) => {
    if (signer.toLowerCase() !== account.address.toLowerCase()) throw new Error('unknown signer');
    return account.signMessage({ message: { raw } });
  });
  await page.addInitScript(() => {
    const bridge = window as unknown as {
      __e2eWalletAddress: () => Promise<string>;
      __e2eWalletSign: (raw: string, signer: string) => Promise<string>;
    };
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts')
          return [await bridge.__e2eWalletAddress()];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') {
          const [raw, signer] = params as [string, string];
          return bridge.__e2eWalletSign(raw, signer);
        }
        throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
      },
    };
    const info = Object.freeze({
      uuid: '1f6a4b4e-8a0e-4b1a-9c1e-6f0f5b7a2e01',
      name: 'E2E Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%23f60"/%3E%3C/svg%3E',
      rdns: 'test.swx.e2e-wallet',
    });
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
}

function newName(testInfo: TestInfo, tag: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  return `e2e${tag}${testInfo.project.name[0]}${suffix}`.slice(0, 20);
}

async function expectSignedInAs(page: Page, username: string) {
  await expect(page).toHaveURL(`${site}/`);
  await expect(page.getByTestId('fixture-session')).toHaveText('signed-in');
  const userInfo = await page.evaluate(() => localStorage.getItem('userInfo'));
  expect(JSON.parse(userInfo ?? '{}')).toMatchObject({ username });
}

/** Ends the session on the server and in the page, as signing out does. */
async function signOut(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await request.post('/swx/customer/login/logout', {
    headers: { Authorization: token ?? '' },
  });
  expect(await answer.json()).toMatchObject({ code: '200' });
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('userInfo');
    localStorage.setItem('isLogin', 'false');
  });
}

/** The input labelled exactly `label` (a required field's label ends in a hidden asterisk). */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\*?$`));
}

test.beforeEach(async ({ page }) => {
  // Each test walks through two or three whole sign-ins; on a loaded machine that exceeds one minute.
  test.slow();
  await useSignInModules(page);
});

test('a new wallet signs up with a username and e-mail, then signs in with a signature alone', async ({
  page,
  request,
}, testInfo) => {
  const account = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, account);
  const username = newName(testInfo, 'w');
  const email = `${username}@swx.test`;

  await page.goto(`${site}/pass/login`);
  await page.getByRole('button', { name: 'Continue with E2E Wallet' }).click();

  await expect(page).toHaveURL(`${site}/pass/wallet`);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText(account.address)).toBeVisible();
  await field(page, 'Username').fill(username);
  await field(page, 'E-mail').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await field(page, 'E-mail verification code').fill(verificationCodeIn(await waitForMail(email, { since })));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectSignedInAs(page, username);

  // Signed out, the same wallet signs straight back in to the same account, from the sign-up page too.
  await signOut(page, request);
  await page.goto(`${site}/pass/register`);
  await page.getByRole('button', { name: 'Continue with E2E Wallet' }).click();
  await expectSignedInAs(page, username);
});

test('a customer links a wallet in the settings, then signs in with it', async ({
  page,
  request,
}, testInfo) => {
  const username = newName(testInfo, 'l');
  const customer = { username, email: `${username}@swx.test`, password: 'first-pass1' };
  const since = Date.now();
  const sent = await request.post('/swx/customer/login/sendCode', {
    data: { email: customer.email, scene: 'register' },
  });
  expect(await sent.json()).toMatchObject({ code: '200' });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await request.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  expect(await registered.json()).toMatchObject({ code: '200' });

  const account = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, account);
  await page.goto(`${site}/pass/login?redirect=%2Fprofile%2Fsettings`);
  await field(page, 'Username or e-mail').fill(customer.username);
  await field(page, 'Password').fill(customer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${site}/profile/settings`);

  const wallets = page.getByRole('region', { name: 'Wallets' });
  await expect(wallets.getByText('No wallet linked yet.')).toBeVisible();
  await wallets.getByRole('button', { name: 'Link E2E Wallet' }).click();
  // A new way into the account is a sensitive action: a step-up first, then the link goes through.
  await stepUpByEmail(page, customer.email);
  await expect(wallets.getByText(account.address)).toBeVisible();

  await signOut(page, request);
  await page.goto(`${site}/pass/login`);
  await page.getByRole('button', { name: 'Continue with E2E Wallet' }).click();
  await expectSignedInAs(page, customer.username);
});
