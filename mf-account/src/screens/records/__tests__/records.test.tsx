import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { TransactionRecord } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { toRecordFilters } from '../record-filters';
import { RecordsScreen } from '../records';

// Typing and image preparation in jsdom are slow when the whole suite runs in parallel.
jest.setTimeout(30_000);

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const record = (id: string, fields: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id,
  type: 'deposit',
  currency: 'USDT',
  account: 'available',
  amount: '150',
  balanceAfter: '150',
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
            items: [record('3', { type: 'withdrawal_hold', amount: '-101', balanceAfter: '49' })],
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
  expect(await screen.findByText('+150.00 USDT')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(screen.getAllByText('+150.00 USDT')).toHaveLength(2));
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'withdrawal_hold');
  expect(await screen.findByText('-101.00 USDT')).toBeInTheDocument();
  expect(screen.getAllByText('Withdrawal hold').length).toBeGreaterThan(0);
  expect(site.calls.at(-1)?.query.getAll('type')).toEqual(['withdrawal_hold']);
});
