import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { AssetInfo, Withdrawal, WithdrawalQuote } from '@swx/shared/contract';
import { Refusal, createFakeSite, ok, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { WithdrawScreen } from '../withdraw';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const assets: AssetInfo = {
  mode: 'real',
  assets: [{ currency: 'USDT', available: '500', held: '0', priceUsdt: '1', valueUsdt: '500' }],
  totalUsdt: '500',
};

const quote = (id: string, fee = '1'): WithdrawalQuote => ({
  quoteId: id.repeat(32).slice(0, 32),
  method: 'crypto',
  currency: 'USDT',
  amount: '100',
  fee,
  amountReceived: '100',
  totalDebited: String(100 + Number(fee)),
  feeRate: '0.01',
  expiresAt: '2026-11-22T12:05:00.000Z',
});

const pending: Withdrawal = {
  id: '9',
  method: 'crypto',
  currency: 'USDT',
  network: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  payeeName: null,
  cardNumber: null,
  bankName: null,
  amount: '100',
  fee: '1',
  totalDebited: '101',
  status: 'pending',
  reason: null,
  reference: null,
  queuePosition: 2,
  targetTime: '2026-11-23T12:00:00.000Z',
  createdAt: '2026-11-22T12:00:00.000Z',
  decidedAt: null,
  completedAt: null,
  chainState: null,
  txHash: null,
  explorerUrl: null,
  confirmations: null,
  confirmationsRequired: null,
};

test('checks the amount and the destination of the chosen method before quoting', async () => {
  const site = createFakeSite(
    { 'GET /order/getAssestInfo/all': assets, 'GET /user/listWithdrwal': [] },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  expect(await screen.findByText('Available: 500.00 USDT')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Review fee and confirm' }));
  expect(screen.getByText('Enter the withdrawal amount')).toBeInTheDocument();
  expect(screen.getByText('Enter the address')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: 'Bank card' }));
  await userEvent.type(screen.getByLabelText(/Card number/), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Review fee and confirm' }));
  expect(screen.getAllByText('Please complete all information')).toHaveLength(2);
  expect(screen.getByText('Card number incorrect')).toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/withdrawalQuote')).toBe(false);
});

test('an amount above the available balance is refused with the withdrawal wording, before any quote', async () => {
  const site = createFakeSite(
    { 'GET /order/getAssestInfo/all': assets, 'GET /user/listWithdrwal': [] },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  await screen.findByText('Available: 500.00 USDT');
  await userEvent.type(screen.getByLabelText(/Receiving address/), pending.address!);
  await userEvent.type(screen.getByLabelText(/Amount to receive/), '900');
  await userEvent.click(screen.getByRole('button', { name: 'Review fee and confirm' }));
  expect(
    screen.getByText('The amount plus the withdrawal fee is more than your available balance'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/before purchase/)).not.toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/withdrawalQuote')).toBe(false);
});

test('the quote carries the address; its refusal stands next to the address field', async () => {
  const site = createFakeSite(
    {
      'GET /order/getAssestInfo/all': assets,
      'GET /user/listWithdrwal': [],
      'POST /user/withdrawalQuote': new Refusal('11084', 422),
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  await screen.findByText('Available: 500.00 USDT');
  await userEvent.type(
    screen.getByLabelText(/Receiving address/),
    '0xd909038e5914b96875867923fa30ca41081994ac',
  );
  await userEvent.type(screen.getByLabelText(/Amount to receive/), '100');
  await userEvent.click(screen.getByRole('button', { name: 'Review fee and confirm' }));
  const address = screen.getByLabelText(/Receiving address/);
  await waitFor(() =>
    expect(address).toHaveAccessibleDescription(/Address format incorrect for this network/),
  );
  expect(site.calls.find((call) => call.path === '/user/withdrawalQuote')?.body).toEqual({
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address: '0xd909038e5914b96875867923fa30ca41081994ac',
    amount: '100',
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('shows fee and amount received before confirming, and confirms with the quote id', async () => {
  let withdrawals: Withdrawal[] = [];
  const site = createFakeSite(
    {
      'GET /order/getAssestInfo/all': assets,
      'GET /user/listWithdrwal': () => withdrawals,
      'POST /user/withdrawalQuote': quote('a'),
      'POST /user/withdrawal': () => {
        withdrawals = [pending];
        return ok(pending, '20003');
      },
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  await screen.findByText('Available: 500.00 USDT');
  await userEvent.type(screen.getByLabelText(/Receiving address/), pending.address!);
  await userEvent.type(screen.getByLabelText(/Amount to receive/), '100');
  await userEvent.click(screen.getByRole('button', { name: 'Review fee and confirm' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Fee (1%)')).toBeInTheDocument();
  expect(within(dialog).getByTestId('withdraw-fee')).toHaveTextContent('1.00 USDT');
  expect(within(dialog).getByTestId('withdraw-received')).toHaveTextContent('100.00 USDT');
  expect(site.calls.some((call) => call.path === '/user/withdrawal')).toBe(false);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
  expect(await screen.findByText('Withdrawal added and submitted for review')).toBeInTheDocument();
  expect(site.calls.find((call) => call.path === '/user/withdrawal')?.body).toEqual({
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    amount: '100',
    address: pending.address,
    quoteId: 'a'.repeat(32),
  });
  expect(await screen.findByText('Position in the review queue: 2.', { exact: false })).toBeInTheDocument();
});

test('changed terms are re-quoted and shown again before the customer confirms', async () => {
  let quotes = 0;
  const site = createFakeSite(
    {
      'GET /order/getAssestInfo/all': assets,
      'GET /user/listWithdrwal': [],
      'POST /user/withdrawalQuote': () => (++quotes === 1 ? quote('a') : quote('b', '2')),
      'POST /user/withdrawal': new Refusal('11007', 409),
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  await screen.findByText('Available: 500.00 USDT');
  await userEvent.type(screen.getByLabelText(/Receiving address/), pending.address!);
  await userEvent.type(screen.getByLabelText(/Amount to receive/), '100');
  await userEvent.click(screen.getByRole('button', { name: 'Review fee and confirm' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
  expect(await within(dialog).findByText('Terms changed, please review the new quote')).toBeInTheDocument();
  expect(within(dialog).getByTestId('withdraw-fee')).toHaveTextContent('2.00 USDT');
});

test('a pending withdrawal can be cancelled; a rejection shows its reason', async () => {
  let withdrawals: Withdrawal[] = [
    pending,
    {
      ...pending,
      id: '8',
      status: 'rejected',
      reason: 'Address on a sanctions list',
      queuePosition: null,
      targetTime: null,
    },
  ];
  const site = createFakeSite(
    {
      'GET /order/getAssestInfo/all': assets,
      'GET /user/listWithdrwal': () => withdrawals,
      'POST /user/cancelWithdrawal': () => {
        withdrawals = withdrawals.map((w) => (w.id === '9' ? { ...w, status: 'cancelled' as const } : w));
        return withdrawals[0];
      },
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  expect(await screen.findByText('Reason: Address on a sanctions list')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel withdrawal' }));
  await waitFor(() => expect(screen.getByTestId('withdrawal-9')).toHaveTextContent('Cancelled'));
  expect(site.calls.find((call) => call.path === '/user/cancelWithdrawal')?.body).toEqual({ id: '9' });
});

test('demo customers are asked to switch to the real account', () => {
  ({ root } = createFakeSite({}, { signedIn: true, mode: 'demo' }));
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  expect(screen.getByText('Please switch to the real account')).toBeInTheDocument();
});

// Issue 14: withdrawals need a verified identity; the page says so and links to the verification.
test('says that withdrawals need a verified identity, with the way to the verification', async () => {
  const routes = { 'GET /order/getAssestInfo/all': assets, 'GET /user/listWithdrwal': [] };
  ({ root } = createFakeSite(routes, { signedIn: true, mode: 'real' }));
  const view = renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  const hint = await screen.findByTestId('withdraw-identity-hint');
  expect(hint).toHaveTextContent('Withdrawals require a verified identity');
  expect(within(hint).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
    'href',
    '/loan?tab=verify',
  );
  view.unmount();
  resetRoot(root);

  ({ root } = createFakeSite(routes, { signedIn: true, mode: 'real', user: { kycStatus: 'pending' } }));
  const pendingView = renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  expect(await screen.findByTestId('withdraw-identity-hint')).toHaveTextContent('under review');
  pendingView.unmount();
  resetRoot(root);

  ({ root } = createFakeSite(routes, { signedIn: true, mode: 'real', user: { kycStatus: 'verified' } }));
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  await screen.findByRole('heading', { name: 'Request a withdrawal' });
  expect(screen.queryByTestId('withdraw-identity-hint')).not.toBeInTheDocument();
});

test('a paid-out withdrawal shows its long reference and address shortened, each with a copy button', async () => {
  const reference = 'f'.repeat(28) + '0123456789abcdef0123456789abcdef0123';
  const completed: Withdrawal = { ...pending, id: '10', status: 'completed', reference, queuePosition: null };
  const site = createFakeSite(
    { 'GET /order/getAssestInfo/all': assets, 'GET /user/listWithdrwal': [completed] },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  const entry = await screen.findByTestId('withdrawal-10');
  expect(within(entry).getByText('ffffffff…cdef0123')).toBeInTheDocument();
  expect(within(entry).getByText('TQn9Y2kh…w5KcbLSE')).toBeInTheDocument();
  const user = userEvent.setup(); // gives the page a clipboard
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(within(entry).getByRole('button', { name: 'Copy Transaction reference' }));
  expect(writeText).toHaveBeenCalledWith(reference);
  expect(within(entry).getByRole('button', { name: 'Copy Receiving address' })).toBeInTheDocument();
});

test('a withdrawal paid from the hot wallet shows its confirmations, then its transaction with the explorer link; a returned one says so', async () => {
  const hash = `0x${'ab'.repeat(32)}`;
  const confirming: Withdrawal = {
    ...pending,
    id: '11',
    network: 'ERC20',
    status: 'approved',
    queuePosition: null,
    chainState: 'confirming',
    txHash: hash,
    explorerUrl: `https://explorer.test/tx/${hash}`,
    confirmations: 2,
    confirmationsRequired: 12,
  };
  const returned: Withdrawal = { ...pending, id: '12', status: 'returned', queuePosition: null };
  const site = createFakeSite(
    { 'GET /order/getAssestInfo/all': assets, 'GET /user/listWithdrwal': [confirming, returned] },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <WithdrawScreen />, '/profile/withdraw');
  const entry = await screen.findByTestId('withdrawal-11');
  expect(within(entry).getByTestId('withdrawal-chain-state')).toHaveTextContent('Confirming: 2 of 12');
  expect(within(entry).getByRole('link', { name: 'View on the explorer' })).toHaveAttribute(
    'href',
    `https://explorer.test/tx/${hash}`,
  );
  const back = await screen.findByTestId('withdrawal-12');
  expect(back).toHaveTextContent('Returned to your balance');
  expect(back).toHaveTextContent('the amount and fee are back in your balance');
});
