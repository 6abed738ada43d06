import { screen } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import type { NotificationItem } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { NotificationScreen } from '../notification';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

// Kinds and params exactly as the plans, KYC, loans and NFT domains store them (server/src/plans/payouts.ts,
// kyc/service.ts, loans/review.ts + jobs.ts, nfts/bidding.ts + settlement.ts): a renamed key or param here
// must fail, not fall back to the generic title or leave an empty placeholder.
function item(id: string, kind: string, params: NotificationItem['params'], referenceType: string) {
  return {
    id,
    kind,
    titleKey: `notifications.${kind}.title`,
    bodyKey: `notifications.${kind}.body`,
    params,
    referenceType,
    referenceId: '5',
    read: false,
    createdAt: '2026-11-23T12:00:00.000Z',
  } satisfies NotificationItem;
}

const items: NotificationItem[] = [
  item(
    '21',
    'plan.completed',
    { product: 'Stable 30', amount: '4.5', cycles: 3, currency: 'USDT', principal: '1000' },
    'plan',
  ),
  item('22', 'kyc.rejected', { reason: 'The photo is blurred', fields: 'idFront,idBack' }, 'kyc'),
  item(
    '23',
    'loan.overdue',
    { loanId: '5', amount: '500', repaymentDate: '2026-11-20', overdueDays: 3 },
    'loan',
  ),
  item(
    '24',
    'nft.won',
    { title: 'Sunrise #1', amount: '120', currency: 'USDT', charity: 'Clean Water', ledgerReference: '881' },
    'nft',
  ),
  item('25', 'loan.approved', { amount: '500', repaymentDate: '2026-12-23', totalRepayment: '515' }, 'loan'),
  item('26', 'nft.outbid', { title: 'Sunrise #1', amount: '100', newBid: '120', currency: 'USDT' }, 'nft'),
];

function show(language: 'en' | 'ja') {
  const site = createFakeSite(
    {
      'GET /user/notifications': { items, page: 1, pageSize: 20, hasMore: false, unread: items.length },
    },
    { signedIn: true, language },
  );
  root = site.root;
  renderScreen(root, <NotificationScreen />, '/profile/notification');
}

test('renders plan, KYC, loan and NFT notifications from their keys with every param filled in', async () => {
  show('en');
  expect(await screen.findByText('Smart plan completed')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Stable 30 has ended. Its final income of 4.50 USDT (days paid: 3) was credited, and your principal of 1,000.00 USDT is available again.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Identity verification not approved')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Your identity verification was not approved. Please correct the marked details and submit again. Reason: The photo is blurred',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Loan overdue')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Your loan #5 of 500.00 USDT was due on 2026-11-20 and has not been repaid (days overdue: 3). Overdue interest accrues every day until it is repaid.',
    ),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Your loan of 500.00 USDT was approved and credited to your balance. Please repay 515.00 USDT by 2026-12-23.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Auction won')).toBeInTheDocument();
  expect(
    screen.getByText(
      'You won “Sunrise #1” for 120.00 USDT. The winning bid goes to Clean Water. Reference: 881',
    ),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Your bid of 100.00 USDT on “Sunrise #1” was outbid by a bid of 120.00 USDT. Your 100.00 USDT is available again.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByText('Account notification')).not.toBeInTheDocument();
});

test('the same kinds have their own text in Japanese', async () => {
  show('ja');
  expect(await screen.findByText('ローンが延滞しています')).toBeInTheDocument();
  expect(
    screen.getByText(
      '「Sunrise #1」を 120.00 USDT で落札しました。落札額は Clean Water に寄付されます。参照番号：881',
    ),
  ).toBeInTheDocument();
});

test('links each notification to the page of the record it is about', async () => {
  show('en');
  await screen.findByText('Smart plan completed');
  const targets = screen
    .getAllByRole('link', { name: 'View details' })
    .map((link) => link.getAttribute('href'));
  expect(targets).toEqual([
    '/trading?tab=plans',
    '/loan?tab=verify',
    '/loan?tab=loans&loan=5',
    '/nfts?id=5',
    '/loan?tab=loans&loan=5',
    '/nfts?id=5',
  ]);
});
