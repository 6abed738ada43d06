import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { Deposit, DepositOptions } from '@swx/shared/contract';
import { Refusal, createFakeSite, ok, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { DepositScreen } from '../deposit';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const options: DepositOptions = {
  coins: [
    {
      coin: 'USDT',
      minimum: '120',
      networks: [
        { network: 'TRC20', address: 'TXYZplatformAddress', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
        { network: 'ERC20', address: '0xPlatformAddress', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
      ],
    },
    {
      coin: 'BTC',
      minimum: '0.015',
      networks: [{ network: 'BTC', address: 'bc1platform', qrCode: 'data:,' }],
    },
  ],
};

const pending: Deposit = {
  id: '5',
  coin: 'USDT',
  network: 'TRC20',
  amount: '150',
  address: 'TXYZplatformAddress',
  txHash: 'ab'.repeat(32),
  txHashTail: 'ababab',
  proofImage: 'f'.repeat(32),
  status: 'pending',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

// A PNG's first bytes: the picker recognises images by content, not by name.
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'proof.png', {
    type: 'image/png',
  });

test('demo customers are asked to switch to the real account instead of seeing the form', async () => {
  ({ root } = createFakeSite({}, { signedIn: true, mode: 'demo' }));
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  expect(screen.getByText('Please switch to the real account')).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

test('shows the address with its QR code and the minimum, and checks amount, hash and proof', async () => {
  const site = createFakeSite(
    {
      'GET /user/depositOptions': options,
      'GET /user/depositAddresses': { networks: [] },
      'GET /user/listRecharge': [],
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  expect(await screen.findByText('TXYZplatformAddress')).toBeInTheDocument();
  expect(
    screen.getByRole('img', { name: /QR code of the USDT deposit address on TRC20/ }),
  ).toBeInTheDocument();
  expect(screen.getByText('Minimum deposit: 120 USDT')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
  expect(screen.getByText('0xPlatformAddress')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText(/Amount sent/), '100');
  await userEvent.type(screen.getByLabelText(/Transaction hash/), 'nothex');
  await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
  expect(screen.getByText('The minimum deposit for USDT is 120')).toBeInTheDocument();
  expect(screen.getByText('Transaction hash format incorrect for this network')).toBeInTheDocument();
  expect(screen.getByText('Please upload the proof image')).toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/recharge')).toBe(false);

  await userEvent.click(screen.getByRole('radio', { name: 'BTC' }));
  expect(screen.getByText('Minimum deposit: 0.015 BTC')).toBeInTheDocument();
});

test('uploads the proof, submits the deposit with its id and shows it pending review', async () => {
  let deposits: Deposit[] = [];
  const site = createFakeSite(
    {
      'GET /user/depositOptions': options,
      'GET /user/depositAddresses': { networks: [] },
      'GET /user/listRecharge': () => deposits,
      'POST /upload/image': { id: 'a'.repeat(32), mime: 'image/png', size: 12 },
      'POST /user/recharge': () => {
        deposits = [pending];
        return ok(pending, '20002');
      },
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  await screen.findByText('TXYZplatformAddress');
  await userEvent.type(screen.getByLabelText(/Amount sent/), '150');
  await userEvent.type(screen.getByLabelText(/Transaction hash/), 'ab'.repeat(32));
  await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
  await waitFor(() => expect(screen.queryByText('Preparing image…')).not.toBeInTheDocument());
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
  const confirmation = await screen.findByText('Deposit added and submitted for review');
  // Brought into view and focused: the form is long and the message sits above it.
  expect(confirmation).toHaveAttribute('role', 'status');
  expect(scrollIntoView.mock.contexts[0]).toBe(confirmation);
  expect(confirmation).toHaveFocus();
  const recharge = site.calls.find((call) => call.path === '/user/recharge');
  expect(recharge?.body).toEqual({
    coin: 'USDT',
    network: 'TRC20',
    amount: '150',
    txHash: 'ab'.repeat(32),
    proofImage: 'a'.repeat(32),
  });
  expect(recharge?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  expect(await screen.findByText('Pending review')).toBeInTheDocument();
});

test('a duplicate hash refused by the server is shown with its message', async () => {
  ({ root } = createFakeSite(
    {
      'GET /user/depositOptions': options,
      'GET /user/depositAddresses': { networks: [] },
      'GET /user/listRecharge': [],
      'POST /upload/image': { id: 'a'.repeat(32), mime: 'image/png', size: 12 },
      'POST /user/recharge': new Refusal('11083', 409),
    },
    { signedIn: true, mode: 'real' },
  ));
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  await screen.findByText('TXYZplatformAddress');
  await userEvent.type(screen.getByLabelText(/Amount sent/), '150');
  await userEvent.type(screen.getByLabelText(/Transaction hash/), 'ab'.repeat(32));
  await userEvent.upload(screen.getByLabelText(/Proof of payment/), png());
  await waitFor(() => expect(screen.queryByText('Preparing image…')).not.toBeInTheDocument());
  await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
  expect(await screen.findByText('This transaction hash has already been submitted')).toBeInTheDocument();
});
