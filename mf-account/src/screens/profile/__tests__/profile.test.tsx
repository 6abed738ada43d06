import { act, screen } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import type { AssetInfo, InviteSummary, UserInfo } from '@swx/shared/contract';
import AccountRoutes from '../../../routes';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { BalanceScreen } from '../../balance';
import { InviteScreen } from '../../invite';
import { ProfileScreen } from '../profile';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const user: UserInfo = {
  id: '1',
  username: 'ana',
  email: 'ana@example.com',
  kycStatus: 'pending',
  inviteCode: 'ANA123',
  virtualStatus: '1',
  accountMode: 'demo',
  oneClickTrading: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const assets = (mode: 'demo' | 'real'): AssetInfo => ({
  mode,
  assets: [
    {
      currency: 'USDT',
      available: mode === 'demo' ? '100000' : '250.5',
      held: '20',
      priceUsdt: '1',
      valueUsdt: '0',
    },
    { currency: 'BTC', available: '0.5', held: '0', priceUsdt: null, valueUsdt: null },
  ],
  totalUsdt: mode === 'demo' ? '100020' : '270.5',
});

test('the overview shows the active mode, its total in USDT, KYC status and every shortcut', async () => {
  const site = createFakeSite(
    {
      'POST /user/getUserInfo': user,
      'GET /order/getAssestInfo/all': (call: { headers: Record<string, string> }) =>
        assets(call.headers.virtually === 'YES' ? 'real' : 'demo'),
      'POST /user/accountMode': null,
      'GET /user/notifications/unreadCount': { unread: 3 },
    },
    { signedIn: true, mode: 'demo' },
  );
  root = site.root;
  renderScreen(root, <ProfileScreen />, '/profile');
  expect(await screen.findByText('100,020.00 USDT')).toBeInTheDocument();
  expect(screen.getByText('Demo account')).toBeInTheDocument();
  expect(await screen.findByText('Identity check pending')).toBeInTheDocument();
  expect(root.notifications.unreadCount).toBe(3);
  for (const [name, href] of [
    ['Orders', '/trading'],
    ['Transaction records', '/profile/records'],
    ['Settings', '/profile/settings'],
    ['Invite friends', '/profile/invite'],
  ] as const) {
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  expect(screen.getAllByRole('link', { name: 'Deposit' })[0]).toHaveAttribute('href', '/profile/deposit');
  await act(() => root!.settings.setAccountMode('real'));
  expect(await screen.findByText('270.50 USDT')).toBeInTheDocument();
  expect(screen.getByText('Real account')).toBeInTheDocument();
});

test('the balance page lists available and held per currency', async () => {
  ({ root } = createFakeSite(
    { 'GET /order/getAssestInfo/all': assets('real') },
    { signedIn: true, mode: 'real' },
  ));
  renderScreen(root, <BalanceScreen />, '/profile/balance');
  expect(await screen.findByRole('rowheader', { name: 'BTC' })).toBeInTheDocument();
  expect(screen.getByText('250.50 USDT')).toBeInTheDocument();
  expect(screen.getByText('20.00 USDT')).toBeInTheDocument();
  expect(screen.getByText('No price')).toBeInTheDocument();
});

test('the invite page shows code, link with QR code, totals and masked friends', async () => {
  const invite: InviteSummary = {
    inviteCode: 'ANA123',
    link: 'http://localhost/pass/register?inviteCode=ANA123',
    qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
    rewardRate: '0.1',
    friends: [{ maskedName: 'bo***b', joinedAt: '2026-11-21T09:00:00.000Z' }],
    totals: { friends: 1, rewards: { USDT: '0.25' } },
  };
  ({ root } = createFakeSite({ 'GET /user/invite': invite }, { signedIn: true }));
  renderScreen(root, <InviteScreen />, '/profile/invite');
  expect(await screen.findByTestId('invite-code')).toHaveTextContent('ANA123');
  expect(screen.getByText(invite.link)).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'QR code of your invite link' })).toBeInTheDocument();
  expect(screen.getByText('bo***b')).toBeInTheDocument();
  expect(screen.getByText('0.25 USDT')).toBeInTheDocument();
  expect(screen.getByText(/You earn 10% of the trading fees/)).toBeInTheDocument();
});

test('account pages send a signed-out visitor to log in and back; help pages are public', async () => {
  ({ root } = createFakeSite({ 'GET /index/listContents/2-en': [] }));
  const first = renderScreen(root, <AccountRoutes />, '/profile/deposit');
  expect(screen.getByTestId('location')).toHaveTextContent('/pass/login?redirect=%2Fprofile%2Fdeposit');
  first.unmount();
  renderScreen(root, <AccountRoutes />, '/help');
  expect(screen.getByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
  expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
});
