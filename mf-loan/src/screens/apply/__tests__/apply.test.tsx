import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import FakeSignaturePad from '../../../test-support/fake-signature-pad';
import { Refusal, createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { loan, product, quote } from '../../../test-support/loan-fixtures';
import { ApplySection } from '../apply';

jest.mock('signature_pad', () => jest.requireActual('../../../test-support/fake-signature-pad'));

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const signature = [
  [
    [20, 100],
    [140, 30],
    [300, 140],
  ],
] as [number, number][][];

function verifiedSite(routes: Record<string, unknown>) {
  const site = createFakeSite(
    { 'GET /user/loanProduct': product, ...routes },
    { signedIn: true, mode: 'real', user: { kycStatus: 'verified' } },
  );
  root = site.root;
  return site;
}

async function quoteFor(amount: string) {
  await userEvent.type(await screen.findByLabelText(/^Amount/), amount);
  await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
  await userEvent.click(screen.getByRole('button', { name: 'See the full terms' }));
}

test('asks for verification first, and for the real account in demo', async () => {
  ({ root } = createFakeSite({}, { signedIn: true, mode: 'real' }));
  const onVerify = jest.fn();
  const view = renderScreen(root, <ApplySection onApplied={jest.fn()} onVerify={onVerify} />, '/loan');
  expect(screen.getByText(/A loan needs a verified identity/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Go to verification' }));
  expect(onVerify).toHaveBeenCalled();
  view.unmount();
  resetRoot(root);

  ({ root } = createFakeSite({}, { signedIn: true, mode: 'demo', user: { kycStatus: 'verified' } }));
  renderScreen(root, <ApplySection onApplied={jest.fn()} onVerify={onVerify} />, '/loan');
  expect(screen.getByText('Demo accounts cannot use this feature')).toBeInTheDocument();
});

test('checks the amount against the range and the limit before quoting', async () => {
  const site = verifiedSite({});
  renderScreen(root!, <ApplySection onApplied={jest.fn()} onVerify={jest.fn()} />, '/loan');
  await quoteFor('5000');
  expect(screen.getByText('Choose an amount from 100.00 USDT to 3,000.00 USDT')).toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/quoteLoan')).toBe(false);
});

test('while a loan is overdue the form gives way to the reason borrowing is paused', async () => {
  const site = verifiedSite({ 'GET /user/loanProduct': { ...product, mayBorrow: false } });
  renderScreen(root!, <ApplySection onApplied={jest.fn()} onVerify={jest.fn()} />, '/loan');
  expect(await screen.findByTestId('loan-borrowing-paused')).toHaveTextContent(/overdue/i);
  expect(screen.queryByLabelText(/^Amount/)).not.toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/quoteLoan')).toBe(false);
});

test('shows the pre-contract summary, refuses an empty signature, and signs on the quote read', async () => {
  const applied = jest.fn();
  const site = verifiedSite({
    'POST /user/quoteLoan': quote(),
    'POST /user/loan': () => loan({ status: 'pending', approvedAt: null }),
  });
  renderScreen(root!, <ApplySection onApplied={applied} onVerify={jest.fn()} />, '/loan');
  await quoteFor('1000');

  const summary = await screen.findByRole('group', { name: 'Pre-contract credit summary' });
  const row = (name: string) => within(summary).getByRole('row', { name: new RegExp(`^${name}`) });
  expect(row('Lender')).toHaveTextContent('SWX Markets Ltd');
  expect(row('Type of credit')).toHaveTextContent('Unsecured fixed-term loan');
  expect(row('Total amount of credit')).toHaveTextContent('1,000.00 USDT');
  expect(row('Duration')).toHaveTextContent('30 days');
  expect(row('Repayment')).toHaveTextContent('One payment of 1,027.00 USDT by 23:59:59 (UTC)');
  expect(row('Borrowing rate')).toHaveTextContent('0.10% per day');
  expect(row('Total interest')).toHaveTextContent('27.00 USDT');
  expect(row('Total interest')).toHaveTextContent('27 days (30 days minus 3 interest-free days)');
  expect(row('Annual percentage rate')).toHaveTextContent('38.52%');
  expect(row('Annual percentage rate')).toHaveTextContent('a 365-day year');
  expect(row('Total amount payable')).toHaveTextContent('1,027.00 USDT');
  expect(row('Costs of late payment')).toHaveTextContent('0.15% per day on what remains unpaid (1.50 USDT');
  expect(row('Costs of late payment')).toHaveTextContent('never more than 1,000.00 USDT in total');
  expect(row('Right of withdrawal')).toHaveTextContent('Within 14 days');
  expect(row('Right of withdrawal')).toHaveTextContent('1.00 USDT per day after the first 3 days');
  expect(row('Right of withdrawal')).toHaveTextContent('Today’s figure: 1,000.00 USDT');
  expect(row('Early repayment')).toHaveTextContent('beyond the first 3');

  await userEvent.click(screen.getByRole('button', { name: 'Sign and apply' }));
  expect(screen.getByText('Signature required: please sign in the box')).toBeInTheDocument();
  act(() => FakeSignaturePad.latest().draw(signature));
  await userEvent.click(screen.getByRole('button', { name: 'Sign and apply' }));
  expect(screen.getByText('Please confirm that you have read the summary.')).toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/loan')).toBe(false);

  await userEvent.click(screen.getByRole('checkbox', { name: /I have read the summary/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign and apply' }));
  await waitFor(() => expect(applied).toHaveBeenCalled());
  const sent = site.calls.find((call) => call.path === '/user/loan');
  expect(sent?.body).toEqual({
    quoteId: '1'.repeat(32),
    amount: '1000',
    term: 30,
    signature: { width: 480, height: 180, strokes: signature },
    language: 'en',
  });
});

test('changed terms (11007) bring the new quote to read before anything is signed', async () => {
  let quotes = 0;
  const site = verifiedSite({
    'POST /user/quoteLoan': () =>
      ++quotes === 1
        ? quote()
        : quote({
            quoteId: '2'.repeat(32),
            dailyRate: '0.002',
            totalInterest: '54.00',
            totalRepayment: '1054.00',
          }),
    'POST /user/loan': (call: { body: { quoteId: string } }) =>
      call.body.quoteId === '1'.repeat(32) ? new Refusal('11007', 409) : loan({ status: 'pending' }),
  });
  const applied = jest.fn();
  renderScreen(root!, <ApplySection onApplied={applied} onVerify={jest.fn()} />, '/loan');
  await quoteFor('1000');
  await screen.findByRole('group', { name: 'Pre-contract credit summary' });
  act(() => FakeSignaturePad.latest().draw(signature));
  await userEvent.click(screen.getByRole('checkbox', { name: /I have read the summary/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign and apply' }));

  expect(await screen.findByText(/The terms changed since you opened them/)).toBeInTheDocument();
  expect(screen.getByTestId('summary-total')).toHaveTextContent('1,054.00 USDT');
  expect(applied).not.toHaveBeenCalled();
  // The new terms need a new confirmation and a new signature on them.
  expect(screen.getByRole('checkbox', { name: /I have read the summary/ })).not.toBeChecked();
  act(() => FakeSignaturePad.latest().draw(signature));
  await userEvent.click(screen.getByRole('checkbox', { name: /I have read the summary/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign and apply' }));
  await waitFor(() => expect(applied).toHaveBeenCalled());
  const signed = site.calls
    .filter((call) => call.path === '/user/loan')
    .map((call) => (call.body as { quoteId: string }).quoteId);
  expect(signed).toEqual(['1'.repeat(32), '2'.repeat(32)]);
});
