import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { TransactionRecord } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { toRecordFilters } from '../record-filters';
import { RecordsScreen } from '../records';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

// Text queries see a no-break space as a space (the normaliser); attributes keep it.
const sp = ' ';

const record = (id: string, fields: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id,
  type: 'deposit',
  movements: [
    { currency: 'USDT', available: '150', held: '0', net: '150', availableAfter: '150', heldAfter: '0' },
  ],
  referenceType: 'deposit',
  referenceId: '5',
  memo: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...fields,
});

test('date filters are whole days in the customer time zone', () => {
  const filters = toRecordFilters({ type: '', currency: 'USDT', from: '2026-11-01', to: '2026-11-02' });
  expect(filters).toEqual({
    currency: 'USDT',
    from: new Date('2026-11-01T00:00:00').toISOString(),
    to: new Date('2026-11-02T23:59:59.999').toISOString(),
  });
});

test('lists records, filters by type, and pages on', async () => {
  const site = createFakeSite(
    {
      'GET /user/records': (call: { query: URLSearchParams }) => {
        if (call.query.get('type') === 'withdrawal_hold')
          return {
            items: [
              record('3', {
                type: 'withdrawal_hold',
                referenceType: 'withdrawal',
                movements: [
                  {
                    currency: 'USDT',
                    available: '-101',
                    held: '101',
                    net: '0',
                    availableAfter: '49',
                    heldAfter: '101',
                  },
                ],
              }),
            ],
            page: 1,
            pageSize: 20,
            hasMore: false,
          };
        if (call.query.get('page') === '2')
          return { items: [record('1')], page: 2, pageSize: 20, hasMore: false };
        return { items: [record('2')], page: 1, pageSize: 20, hasMore: true };
      },
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <RecordsScreen />, '/profile/records');
  // Net and available change of the deposit.
  expect(await screen.findAllByText(`+150.00${sp}USDT`, {}, { timeout: 5000 })).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(screen.getAllByText(`+150.00${sp}USDT`)).toHaveLength(4));
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'withdrawal_hold');
  // One row for the hold: available down, held up, net zero; the review it belongs to is a link.
  await screen.findByText(/^after: \u2066?49\.00\sUSDT/, {}, { timeout: 5000 });
  const [, row] = screen.getAllByRole('row');
  expect(within(row!).getByText('Withdrawal requested (funds held)')).toBeInTheDocument();
  expect(within(row!).getByText(`-101.00${sp}USDT`)).toBeInTheDocument();
  expect(within(row!).getByText(`+101.00${sp}USDT`)).toBeInTheDocument();
  expect(within(row!).getByText(`0.00${sp}USDT`)).toBeInTheDocument();
  expect(within(row!).getByText(`after: \u206649.00${sp}USDT\u2069`)).toBeInTheDocument();
  expect(within(row!).getByRole('link', { name: 'Withdrawal #5' })).toHaveAttribute(
    'href',
    '/profile/withdraw',
  );
  expect(site.calls.at(-1)?.query.getAll('type')).toEqual(['withdrawal_hold']);
});

test('rounds to the currency precision (the posted amount kept on the element), and links orders to receipts', async () => {
  const site = createFakeSite(
    {
      'GET /user/records': () => ({
        items: [
          record('7', {
            type: 'margin_close',
            referenceType: 'margin_position',
            referenceId: '1',
            movements: [
              {
                currency: 'USDT',
                available: '4748.2347',
                held: '-4752.9777295',
                net: '-4.7430295',
                availableAfter: '5000.5',
                heldAfter: '0',
              },
            ],
          }),
          record('6', {
            type: 'spot_trade',
            referenceType: 'spot_order',
            referenceId: '9',
            movements: [
              {
                currency: 'BTC',
                available: '0.001',
                held: '0',
                net: '0.001',
                availableAfter: '0.501',
                heldAfter: '0',
              },
              {
                currency: 'USDT',
                available: '0',
                held: '-101.2345678',
                net: '-101.2345678',
                availableAfter: '398.76',
                heldAfter: '0',
              },
            ],
          }),
        ],
        page: 1,
        pageSize: 20,
        hasMore: false,
      }),
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <RecordsScreen />, '/profile/records');
  const held = await screen.findByText(`-4,752.98${sp}USDT`, {}, { timeout: 5000 });
  expect(held.closest('bdi')).toHaveAttribute('data-exact', '-4752.9777295');
  expect(screen.getByText(`-4.74${sp}USDT`).closest('bdi')).toHaveAttribute('data-exact', '-4.7430295');
  expect(screen.getByRole('cell', { name: /^Margin position closed/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Margin position #1' })).toHaveAttribute(
    'href',
    '/trading?receipt=margin:1',
  );
  // A spot fill moved two currencies: one row, one line each.
  const trade = screen.getByRole('link', { name: 'Spot order #9' }).closest('tr')!;
  // Net and available (BTC), net and held (USDT).
  expect(within(trade).getAllByText(`+0.00100000${sp}BTC`)).toHaveLength(2);
  expect(within(trade).getAllByText(`-101.23${sp}USDT`)).toHaveLength(2);
  expect(within(trade).queryAllByText(/\.\d{3,}\sUSDT/)).toHaveLength(0);
});
