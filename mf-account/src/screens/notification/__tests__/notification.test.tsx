import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { NotificationItem } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { NotificationScreen } from '../notification';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const item = (id: string, fields: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'deposit.approved',
  titleKey: 'notifications.deposit.approved.title',
  bodyKey: 'notifications.deposit.approved.body',
  params: { coin: 'USDT', amount: '150' },
  referenceType: 'deposit',
  referenceId: '5',
  read: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...fields,
});

test('lists notifications in the customer language, marks them read and keeps the bell in step', async () => {
  let items = [
    item('2'),
    item('1', {
      kind: 'order.filled',
      titleKey: 'notifications.order.filled.title',
      bodyKey: null,
      read: true,
    }),
  ];
  const site = createFakeSite(
    {
      'GET /user/notifications': () => ({
        items,
        page: 1,
        pageSize: 20,
        hasMore: false,
        unread: items.filter((i) => !i.read).length,
      }),
      'POST /user/notifications/read': () => {
        items = items.map((i) => ({ ...i, read: true }));
        return { marked: 1, unread: 0 };
      },
    },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <NotificationScreen />, '/profile/notification');
  expect(await screen.findByText('Deposit credited')).toBeInTheDocument();
  expect(screen.getByText('Your deposit of 150.00 USDT was approved and credited.')).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'View details' })[0]).toHaveAttribute(
    'href',
    '/profile/deposit',
  );
  // A kind this module has no text for yet still shows something meaningful.
  expect(screen.getByText('Account notification')).toBeInTheDocument();
  expect(root.notifications.unreadCount).toBe(1);

  await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
  await waitFor(() => expect(root!.notifications.unreadCount).toBe(0));
  expect(site.calls.find((call) => call.path === '/user/notifications/read')?.body).toEqual({ ids: ['2'] });
  expect(screen.queryByText('Unread')).not.toBeInTheDocument();

  // A new one pushed live reloads the list.
  items = [
    item('3', {
      kind: 'withdrawal.rejected',
      titleKey: 'notifications.withdrawal.rejected.title',
      bodyKey: 'notifications.withdrawal.rejected.body',
      params: { amount: '10', currency: 'USDT', reason: 'Wrong address' },
    }),
    ...items,
  ];
  act(() => root!.notifications.push({ type: 'notification', id: '3' }));
  expect(
    await screen.findByText(
      'Your withdrawal of 10.00 USDT was rejected and the held funds released: Wrong address',
    ),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  await waitFor(() => expect(root!.notifications.unreadCount).toBe(0));
  expect(site.calls.at(-1)?.body).toEqual({ all: true });
});

test('an empty list says so', async () => {
  ({ root } = createFakeSite(
    { 'GET /user/notifications': { items: [], page: 1, pageSize: 20, hasMore: false, unread: 0 } },
    { signedIn: true },
  ));
  renderScreen(root, <NotificationScreen />, '/profile/notification');
  expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
});
