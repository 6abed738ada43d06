import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '../../store';
import { createFakeSite, renderScreen, resetRoot } from '../../testing';
import { DemoNotice } from './demo-notice';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

// Stands in for a module's translator: common keys in English, the module's own key marked.
const t = (key: string, options?: Record<string, unknown>) => (options?.ns === 'common' ? key : `[${key}]`);

test('says the page is for the real account and switches to it', async () => {
  const site = createFakeSite({ 'POST /user/accountMode': null }, { signedIn: true, mode: 'demo' });
  root = site.root;
  renderScreen(root, <DemoNotice t={t} switchLabel="Go real" />);
  expect(screen.getByRole('status')).toHaveTextContent('account.switchToReal');
  expect(screen.getByText('account.demoCannotUse')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Go real' }));
  await waitFor(() => expect(root?.settings.accountMode).toBe('real'));
});
