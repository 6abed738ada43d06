import { screen, within } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import { createFakeSite, renderScreen, resetRoot } from '../../../../test-support/fake-site';
import { tradingRoutes } from '../../../../test-support/trading-routes';
import { TradingScreen } from '../../trading';
import { receiptFromLink } from '../linked-receipt';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

// A margin close: postings are whole cents (ledger precision), so the lines show them as posted and add up.
const marginClose = {
  id: '9',
  kind: 'margin',
  recordId: '1',
  event: 'close',
  code: 'BTCUSDT',
  requestedPrice: null,
  fillPrice: '101.00',
  tick: { price: '101.00', time: '2026-11-22T10:05:00.000Z', seq: '1234' },
  entries: [
    { journalId: '5', type: 'margin_close', currency: 'USDT', account: 'held', amount: '-4752.98' },
    { journalId: '5', type: 'margin_close', currency: 'USDT', account: 'platform_fees', amount: '4.75' },
    { journalId: '5', type: 'margin_close', currency: 'USDT', account: 'available', amount: '4748.23' },
  ],
  createdAt: '2026-11-22T10:05:00.000Z',
};

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);

test('a receipt opened by link shows each ledger line as posted, adding up', async () => {
  const fake = createFakeSite(tradingRoutes({ 'GET /order/receipt/margin/1': [marginClose] }), {
    signedIn: true,
  });
  root = fake.root;
  renderScreen(root, <TradingScreen />, '/trading?receipt=margin:1');
  const receipt = await screen.findByTestId('receipt', {}, { timeout: 5000 });
  expect(screen.getByRole('tab', { name: 'Margin' })).toHaveAttribute('aria-selected', 'true');
  expect(within(receipt).getByText('Margin position closed')).toBeInTheDocument();
  const lines = within(receipt).getAllByTestId('receipt-line');
  expect(lines.map((line) => line.textContent)).toEqual([
    '-4,752.98\u00a0USDT',
    '+4.75\u00a0USDT',
    '+4,748.23\u00a0USDT',
  ]);
  // The shown lines sum to zero, as the postings do: nothing is rounded on the way.
  expect(lines.reduce((sum, line) => sum + cents(line.textContent), 0)).toBe(0);
});

test('an entry posted before ledger precision shows every digit it has, never rounded a second way', async () => {
  const older = {
    ...marginClose,
    entries: [
      { journalId: '5', type: 'margin_close', currency: 'USDT', account: 'held', amount: '-4752.9777295' },
      {
        journalId: '5',
        type: 'margin_close',
        currency: 'USDT',
        account: 'available',
        amount: '4752.9777295',
      },
    ],
  };
  const fake = createFakeSite(tradingRoutes({ 'GET /order/receipt/margin/1': [older] }), { signedIn: true });
  root = fake.root;
  renderScreen(root, <TradingScreen />, '/trading?receipt=margin:1');
  const receipt = await screen.findByTestId('receipt', {}, { timeout: 5000 });
  expect(
    within(receipt)
      .getAllByTestId('receipt-line')
      .map((line) => line.textContent),
  ).toEqual(['-4,752.9777295\u00a0USDT', '+4,752.9777295\u00a0USDT']);
});

test('reads only well-formed receipt links', () => {
  expect(receiptFromLink('margin:12')).toEqual({ kind: 'margin', id: '12' });
  expect(receiptFromLink('option:3')).toEqual({ kind: 'option', id: '3' });
  expect(receiptFromLink('loan:3')).toBeNull();
  expect(receiptFromLink('spot:0')).toBeNull();
  expect(receiptFromLink('spot:1;drop')).toBeNull();
  expect(receiptFromLink(null)).toBeNull();
});
