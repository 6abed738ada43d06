import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { PrivacyOverview, SecurityOverview } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { SecurityScreen } from '../security';
import type { SecurityApi } from '../security-api';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const overview: SecurityOverview = {
  email: 'mei@example.com',
  twoFactor: { enabled: false, recoveryCodesLeft: 0 },
  passkeys: [],
  antiPhishingCode: null,
  whitelistMode: true,
  lock: null,
  stepUp: { methods: ['email'], validUntil: null, windowMinutes: 5 },
};

const ready = {
  id: 'a'.repeat(32),
  status: 'ready' as const,
  requestedAt: '2026-11-27T10:00:00.000Z',
  readyAt: '2026-11-27T10:01:00.000Z',
  expiresAt: '2026-11-28T10:01:00.000Z',
  sizeBytes: 2_400_000,
};

function fakeApi(privacy: PrivacyOverview, overrides: Partial<SecurityApi> = {}) {
  const api = {
    overview: jest.fn(async () => overview),
    addresses: jest.fn(async () => ({ whitelistMode: true, coolingOffHours: 24, addresses: [], lock: null })),
    sessions: jest.fn(async () => []),
    history: jest.fn(async () => []),
    changes: jest.fn(async () => []),
    privacy: jest.fn(async () => privacy),
    requestExport: jest.fn(async () => ({
      id: 'b'.repeat(32),
      status: 'preparing' as const,
      requestedAt: '2026-11-28T09:00:00.000Z',
      readyAt: null,
      expiresAt: null,
      sizeBytes: null,
    })),
    downloadExport: jest.fn(async () => new Blob(['PK'])),
    closeAccount: jest.fn(async () => ({ closedAt: '2026-11-28T09:00:00.000Z' })),
    ...overrides,
  };
  return api as unknown as SecurityApi & typeof api;
}

const empty: PrivacyOverview = {
  exports: [],
  closure: { blockers: [], balances: [] },
  exportHours: 24,
  username: 'mei_lin',
};

function section(name: RegExp) {
  return screen.getByRole('region', { name });
}

test('a download is asked for, shown while it is prepared, and downloaded when ready', async () => {
  const site = createFakeSite({}, { signedIn: true });
  root = site.root;
  const api = fakeApi({ ...empty, exports: [ready] });
  renderScreen(root, <SecurityScreen api={api} />, '/profile/security');
  const data = await screen.findByRole('region', { name: 'Your data' });
  expect(within(data).getByText('Ready to download')).toBeInTheDocument();
  expect(within(data).getByText(/2\.3 MB/)).toBeInTheDocument();
  expect(within(data).getByText(/24 hours/)).toBeInTheDocument();

  await userEvent.click(within(data).getByRole('button', { name: 'Download' }));
  await waitFor(() => expect(api.downloadExport).toHaveBeenCalledWith(ready.id));

  await userEvent.click(within(data).getByRole('button', { name: 'Prepare my data' }));
  expect(api.requestExport).toHaveBeenCalledTimes(1);
  expect(await within(data).findByRole('button', { name: 'Being prepared…' })).toBeDisabled();
  expect(within(data).getAllByText('Being prepared')).toHaveLength(1);
});

test('closing is not offered while something runs; each reason says what to do', async () => {
  const site = createFakeSite({}, { signedIn: true });
  root = site.root;
  const api = fakeApi({
    ...empty,
    closure: { blockers: ['loans', 'balance'], balances: [{ currency: 'USDT', amount: '12.5' }] },
  });
  renderScreen(root, <SecurityScreen api={api} />, '/profile/security');
  await screen.findByRole('region', { name: 'Close account' });
  const close = section(/Close account/);
  const reasons = within(close).getByTestId('closure-blockers');
  expect(within(reasons).getByText(/Repay your loans/)).toBeInTheDocument();
  expect(within(reasons).getByText(/Withdraw your remaining balance.*12\.5/)).toBeInTheDocument();
  expect(within(close).getByRole('button', { name: 'Close my account' })).toBeDisabled();
});

test('closing needs the username typed exactly, then signs out and leaves the page', async () => {
  const site = createFakeSite({}, { signedIn: true });
  root = site.root;
  const api = fakeApi(empty);
  const leave = jest.fn();
  renderScreen(root, <SecurityScreen api={api} leave={leave} />, '/profile/security');
  const close = await screen.findByRole('region', { name: 'Close account' });
  await userEvent.click(within(close).getByRole('button', { name: 'Close my account' }));
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: 'Close my account for good' });
  expect(confirm).toBeDisabled();
  const field = within(dialog).getByLabelText(/Type your username \(mei_lin\)/);
  await userEvent.type(field, 'MEI_LIN');
  expect(confirm).toBeDisabled();
  await userEvent.clear(field);
  await userEvent.type(field, 'mei_lin');
  await userEvent.click(confirm);
  await waitFor(() => expect(api.closeAccount).toHaveBeenCalledWith('mei_lin'));
  await waitFor(() => expect(root!.session.isLoggedIn).toBe(false));
  expect(leave).toHaveBeenCalledTimes(1);
});
