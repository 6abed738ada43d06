import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RootStore } from '@swx/shared';
import type { Loan } from '@swx/shared/contract';
import { Refusal, createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { loan } from '../../../test-support/loan-fixtures';
import { LoansSection } from '../loans';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function Harness({ initial = null }: { initial?: string | null }) {
  const [open, setOpen] = useState<string | null>(initial);
  return <LoansSection openId={open} onOpen={setOpen} version={0} />;
}

function site(routes: Record<string, unknown>) {
  const made = createFakeSite(routes, { signedIn: true, mode: 'real', user: { kycStatus: 'verified' } });
  root = made.root;
  return made;
}

test('lists the loans and opens one with its schedule, amount due today and days left', async () => {
  site({
    'GET /user/listLoanRecord': [loan(), loan({ id: '40', status: 'repaid', repaidAmount: '1000.00' })],
  });
  renderScreen(root!, <Harness />, '/loan');
  const first = await screen.findByRole('button', { name: /1,000.00\sUSDT.*30 days.*Running/ });
  expect(screen.getByRole('button', { name: /Repaid/ })).toBeInTheDocument();
  await userEvent.click(first);
  const detail = screen.getByTestId('loan-detail');
  expect(within(detail).getByTestId('amount-due-today')).toHaveTextContent('1,002.00 USDT');
  expect(within(detail).getByText('Days left: 25')).toBeInTheDocument();
  const schedule = within(detail).getByRole('table', { name: 'Repayment schedule (USDT)' });
  expect(within(schedule).getByRole('row', { name: /1,027.00/ })).toHaveTextContent('27.00');
  expect(within(detail).getByRole('button', { name: 'Withdraw from the loan' })).toBeInTheDocument();
});

test('an overdue loan says how many days late and what overdue interest has accrued', async () => {
  site({
    'GET /user/listLoanRecord': [
      loan({
        status: 'expired',
        withdrawable: false,
        daysLeft: 0,
        overdueDays: 9,
        overdueInterest: '13.50',
        amountDueToday: '1040.50',
      }),
    ],
  });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  const detail = await screen.findByTestId('loan-detail');
  expect(within(detail).getByText('Days overdue: 9')).toBeInTheDocument();
  expect(within(detail).getByText('13.50 USDT')).toBeInTheDocument();
  expect(within(detail).queryByRole('button', { name: 'Withdraw from the loan' })).not.toBeInTheDocument();
  expect(within(detail).getByTestId('loan-overdue-note')).toHaveTextContent(
    'withdrawals and new loans are paused until it is repaid',
  );
});

test('repays the amount shown, and shows the loan repaid', async () => {
  let current: Loan = loan();
  const made = site({
    'GET /user/listLoanRecord': () => [current],
    'POST /user/repayLoan': () => {
      current = loan({
        status: 'repaid',
        repaidAmount: '1002.00',
        withdrawable: false,
        closedAt: '2026-11-28T10:00:00.000Z',
      });
      return current;
    },
  });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  await userEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
  const dialog = screen.getByRole('dialog', { name: 'Repay the loan' });
  expect(dialog).toHaveTextContent('1,002.00 USDT will be taken from your available USDT balance');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
  await waitFor(() => expect(screen.getByTestId('loan-detail')).toHaveTextContent('Repaid'));
  expect(screen.queryByRole('button', { name: 'Repay now' })).not.toBeInTheDocument();
  expect(made.calls.find((call) => call.path === '/user/repayLoan')?.body).toEqual({
    id: '41',
    amount: '1002.00',
  });
});

test('without funds the refusal is shown and nothing changes', async () => {
  site({ 'GET /user/listLoanRecord': [loan()], 'POST /user/repayLoan': new Refusal('10011') });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  await userEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Repay' }));
  expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(/balance/i);
  expect(screen.getByTestId('amount-due-today')).toHaveTextContent('1,002.00 USDT');
});

test('a day turning meanwhile (11007) reloads the loan and shows the new amount before taking anything', async () => {
  let reads = 0;
  site({
    'GET /user/listLoanRecord': [loan()],
    'GET /user/getLoanById/41': () => {
      reads += 1;
      return loan({ daysUsed: 6, amountDueToday: '1003.00' });
    },
    'POST /user/repayLoan': new Refusal('11007', 409),
  });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  await userEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Repay' }));
  await waitFor(() => expect(screen.getByTestId('amount-due-today')).toHaveTextContent('1,003.00 USDT'));
  expect(reads).toBe(1);
  expect(screen.getByText(/The amount due has changed/)).toBeInTheDocument();
});

test('withdrawal within 14 days repays the principal plus the interest accrued, the figure of today', async () => {
  const made = site({
    'GET /user/listLoanRecord': [loan()],
    'POST /user/withdrawLoan': loan({ status: 'withdrawn', withdrawable: false, repaidAmount: '1002.00' }),
  });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  expect(await screen.findByTestId('withdrawal-amount')).toHaveTextContent('1,002.00 USDT');
  await userEvent.click(screen.getByRole('button', { name: 'Withdraw from the loan' }));
  const dialog = screen.getByRole('dialog', { name: 'Withdraw from the loan' });
  expect(dialog).toHaveTextContent('the principal of 1,000.00 USDT plus 2.00 USDT of interest');
  expect(dialog).toHaveTextContent('1.00 USDT a day after the first 3 days): 1,002.00 USDT');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
  await waitFor(() => expect(screen.getByTestId('loan-detail')).toHaveTextContent('Withdrawn'));
  expect(made.calls.find((call) => call.path === '/user/withdrawLoan')?.body).toEqual({
    id: '41',
    amount: '1002.00',
  });
});

test('a pending application can be cancelled, with nothing owed', async () => {
  const pending = loan({ status: 'pending', approvedAt: null, withdrawable: true });
  const made = site({
    'GET /user/listLoanRecord': [pending],
    'POST /user/withdrawLoan': loan({ status: 'withdrawn', withdrawable: false, approvedAt: null }),
  });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel the application' }));
  expect(screen.queryByRole('button', { name: 'Repay now' })).not.toBeInTheDocument();
  const dialog = screen.getByRole('dialog', { name: 'Cancel the application?' });
  expect(dialog).toHaveTextContent('nothing is owed');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
  await waitFor(() => expect(screen.getByTestId('loan-detail')).toHaveTextContent('Withdrawn'));
  expect(made.calls.find((call) => call.path === '/user/withdrawLoan')?.body).toEqual({ id: '41' });
});

test('the due date names its time and zone; payments show their ledger entries; a write-off says what was given up', async () => {
  site({
    'GET /user/listLoanRecord': [
      loan({
        status: 'written_off',
        withdrawable: false,
        timeZone: 'Europe/Berlin',
        writtenOffAmount: '640.00',
        paidAmount: '400.00',
        payments: [
          {
            kind: 'collection',
            amount: '400.00',
            principal: '400.00',
            interest: '0.00',
            journalId: '9001',
            at: '2026-12-24T00:00:05.000Z',
          },
          {
            kind: 'write_off',
            amount: '640.00',
            principal: '600.00',
            interest: '40.00',
            journalId: '9002',
            at: '2027-01-20T10:00:00.000Z',
          },
        ],
      }),
    ],
  });
  renderScreen(root!, <Harness initial="41" />, '/loan');
  const detail = await screen.findByTestId('loan-detail');
  expect(within(detail).getByTestId('loan-due')).toHaveTextContent('until 23:59:59 (Europe/Berlin)');
  expect(detail).toHaveTextContent('Written off: 640.00 USDT that was still owed');
  const payments = within(detail).getByRole('table', { name: 'Payments (USDT)' });
  expect(within(payments).getByRole('row', { name: /Collected at maturity/ })).toHaveTextContent('9001');
  expect(within(payments).getByRole('row', { name: /Written off/ })).toHaveTextContent('640.00');
  expect(within(detail).queryByRole('button', { name: 'Repay now' })).not.toBeInTheDocument();
});

test('downloads the contract and checks it against the fingerprint stored at signing', async () => {
  // jsdom has no SubtleCrypto: a stand-in that records what it hashed and answers a fixed digest.
  const hashed: { algorithm: string; bytes: number }[] = [];
  const subtle = {
    digest: async (algorithm: string, data: ArrayBuffer) => {
      hashed.push({ algorithm, bytes: data.byteLength });
      return new Uint8Array(32).fill(0xab).buffer;
    },
  };
  Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });
  const pdf = new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });
  const listed = (sha: string) => [
    loan({ contractSha256: sha }),
    loan({ id: '42', contractSha256: 'cd'.repeat(32) }),
  ];
  const made = site({});
  // The fake site answers JSON; the contract route answers the PDF itself.
  made.fetch.mockImplementation(async (input: RequestInfo | URL) =>
    String(input).includes('/user/loanContract/')
      ? ({ status: 200, ok: true, blob: async () => pdf } as unknown as Response)
      : ({
          status: 200,
          ok: true,
          text: async () => JSON.stringify({ code: '200', message: '', result: listed('ab'.repeat(32)) }),
        } as unknown as Response),
  );
  const view = renderScreen(root!, <Harness initial="41" />, '/loan');
  await userEvent.click(await screen.findByRole('button', { name: 'Download the contract (PDF)' }));
  expect(await screen.findByText(/matches the fingerprint/)).toBeInTheDocument();
  expect(hashed).toEqual([{ algorithm: 'SHA-256', bytes: 13 }]);
  view.unmount();

  renderScreen(root!, <Harness initial="42" />, '/loan');
  await userEvent.click(await screen.findByRole('button', { name: 'Download the contract (PDF)' }));
  expect(await screen.findByText(/does not match the stored fingerprint/)).toBeInTheDocument();
});

test('in demo it asks for the real account and asks the server for nothing', async () => {
  const made = createFakeSite({}, { signedIn: true, mode: 'demo' });
  root = made.root;
  renderScreen(root, <Harness />, '/loan');
  expect(await screen.findByText('Demo accounts cannot use this feature')).toBeInTheDocument();
  expect(made.calls.filter((call) => call.path === '/user/listLoanRecord')).toEqual([]);
});
