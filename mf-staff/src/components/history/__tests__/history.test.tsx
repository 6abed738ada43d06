import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Deposit, TransactionRecord } from '@swx/shared/contract';
import { createStaffSite, resetRoot } from '../../../test-support';
import { DepositHistory, RecordHistory } from '../history';

let site: ReturnType<typeof createStaffSite> | undefined;
afterEach(() => resetRoot(site?.root));

function show(node: ReactNode) {
  site = createStaffSite({});
  return render(<I18nextProvider i18n={site.root.i18n}>{node}</I18nextProvider>);
}

const deposit = (id: string, amount: string): Deposit => ({
  id,
  coin: 'USDT',
  network: 'TRC20',
  amount,
  address: 'TXplatform',
  txHash: `0x${id.repeat(8)}`,
  txHashTail: id.repeat(6).slice(0, 6),
  proofImage: '',
  status: id === '1' ? 'approved' : 'rejected',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
});

test('a history is a captioned table with one row per item under its column headers', () => {
  show(<DepositHistory deposits={[deposit('1', '250'), deposit('2', '10.5')]} caption="Earlier deposits" />);
  const table = screen.getByRole('table', { name: 'Earlier deposits' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Time', 'Amount', 'Network', 'Transaction hash', 'Status']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('250.00');
  expect(rows[0]).toHaveTextContent('TRC20');
  expect(rows[1]).toHaveTextContent('222222');
});

test('an empty history says so instead of showing an empty table', () => {
  show(<DepositHistory deposits={[]} caption="Earlier deposits" />);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.getByText('No other deposits.')).toBeInTheDocument();
});

test('a record shows each currency it moved, with the balance after', () => {
  const record: TransactionRecord = {
    id: '7',
    type: 'deposit',
    movements: [
      { currency: 'USDT', available: '100', held: '0', net: '100', availableAfter: '350', heldAfter: '0' },
    ],
    referenceType: 'deposit',
    referenceId: '1',
    memo: 'approved by staff',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  show(<RecordHistory records={[record]} caption="Records" />);
  const row = within(screen.getByRole('table', { name: 'Records' })).getAllByRole('row')[1]!;
  const cells = within(row).getAllByRole('cell');
  expect(cells[2]).toHaveTextContent('+100.00');
  expect(cells[3]).toHaveTextContent('350.00');
  expect(cells[1]).toHaveTextContent('approved by staff');
});
