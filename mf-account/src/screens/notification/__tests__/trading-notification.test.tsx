import { screen } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import type { NotificationItem } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { NotificationScreen } from '../notification';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

// As the trading engine stores them: keys plus plain params, the account, side and direction as codes that
// the texts translate themselves.
const stopLoss: NotificationItem = {
  id: '11',
  kind: 'margin.stop_loss',
  titleKey: 'notifications.margin.stop_loss.title',
  bodyKey: 'notifications.margin.stop_loss.body',
  params: {
    mode: 'demo',
    code: 'BTCUSDT',
    direction: 'long',
    lots: '1',
    leverage: 10,
    openPrice: '100000',
    triggerPrice: '96000',
    price: '96000',
    fee: '96',
    profit: '-4196',
  },
  referenceType: 'margin_position',
  referenceId: '7',
  read: false,
  createdAt: '2026-11-22T12:00:00.000Z',
};
const optionWon: NotificationItem = {
  ...stopLoss,
  id: '12',
  kind: 'option.won',
  titleKey: 'notifications.option.won.title',
  bodyKey: 'notifications.option.won.body',
  params: {
    mode: 'real',
    code: 'ETHUSDT',
    direction: 'up',
    amount: '100',
    period: 60,
    openPrice: '3000',
    settlePrice: '3020',
    profit: '85',
    payout: '185',
  },
  referenceType: 'option',
  referenceId: '3',
};
const spotFilled: NotificationItem = {
  ...stopLoss,
  id: '13',
  kind: 'spot.limit_filled',
  titleKey: 'notifications.spot.limit_filled.title',
  bodyKey: 'notifications.spot.limit_filled.body',
  params: {
    mode: 'demo',
    code: 'BTCUSDT',
    side: 'sell',
    quantity: '0.1',
    coin: 'BTC',
    limitPrice: '99000',
    price: '99100',
    value: '9910',
    fee: '9.91',
  },
  referenceType: 'spot_order',
  referenceId: '9',
};

function show(language: 'en' | 'de' | 'zh-CN') {
  const site = createFakeSite(
    {
      'GET /user/notifications': {
        items: [spotFilled, optionWon, stopLoss],
        page: 1,
        pageSize: 20,
        hasMore: false,
        unread: 3,
      },
    },
    { signedIn: true, language },
  );
  root = site.root;
  renderScreen(root, <NotificationScreen />, '/profile/notification');
}

test('renders trading notifications from their keys, with the account, side and direction translated', async () => {
  show('en');
  expect(await screen.findByText('Stop loss triggered')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Demo account: your position on BTCUSDT (long, 1 lots, opened at 100,000) was closed by its stop loss 96,000 at 96,000. Result: -4,196.00 USDT after a 96.00 USDT closing fee.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Option won')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Real account: your ETHUSDT option (up, stake 100.00 USDT) opened at 3,000 and settled at 3,020. You won 85.00 USDT; 185.00 USDT was paid to your balance.',
    ),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Demo account: your limit order to sell 0.1 BTC on BTCUSDT (limit 99,000) was filled at 99,100, value 9,910.00 USDT, fee 9.91 USDT.',
    ),
  ).toBeInTheDocument();
  // Known kinds never fall back to the generic title.
  expect(screen.queryByText('Account notification')).not.toBeInTheDocument();
});

test('the same notifications read in German, numbers written the German way', async () => {
  show('de');
  expect(await screen.findByText('Stop-Loss ausgelöst')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Demokonto: Ihre Position auf BTCUSDT (Long, 1 Lots, eröffnet zu 100.000) wurde durch ihren Stop-Loss 96.000 zu 96.000 geschlossen. Ergebnis: -4.196,00 USDT nach 96,00 USDT Schließungsgebühr.',
    ),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Demokonto: Ihr Limit-Auftrag, 0,1 BTC auf BTCUSDT zu verkaufen (Limit 99.000), wurde zu 99.100 ausgeführt. Wert 9.910,00 USDT, Gebühr 9,91 USDT.',
    ),
  ).toBeInTheDocument();
});

test('and in Simplified Chinese', async () => {
  show('zh-CN');
  expect(await screen.findByText('期权盈利')).toBeInTheDocument();
  expect(
    screen.getByText(
      '真实账户：您的 ETHUSDT 期权（看涨，投注金额 100.00 USDT）开仓价 3,000，结算价 3,020。盈利 85.00 USDT，185.00 USDT 已计入余额。',
    ),
  ).toBeInTheDocument();
});
