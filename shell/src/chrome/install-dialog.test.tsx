import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createRootStore } from '@swx/shared';
import { registerShellStrings } from '../locales';
import { InstallDialog } from './install-dialog';
import { InstallPrompt, type BeforeInstallPromptEvent } from './install-prompt';

function renderDialog(prompt: InstallPrompt, onClose = jest.fn()) {
  const root = createRootStore({ language: 'en' });
  registerShellStrings(root.i18n);
  render(
    <I18nextProvider i18n={root.i18n}>
      <InstallDialog open onClose={onClose} prompt={prompt} />
    </I18nextProvider>,
  );
  return onClose;
}

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: jest.fn(async () => undefined), userChoice: Promise.resolve({ outcome }) });
  return event;
}

test('without the browser offer it explains how to add the site by hand, with no install button', () => {
  renderDialog(new InstallPrompt());
  expect(screen.getByRole('dialog', { name: 'Install the SWX app' })).toBeInTheDocument();
  expect(screen.getByText(/Install app.*Add to Home Screen/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
});

test('keeps the early offer and installs through it', async () => {
  const user = userEvent.setup();
  const prompt = new InstallPrompt();
  const stop = prompt.listen(window);
  const event = promptEvent('accepted');
  act(() => void window.dispatchEvent(event));
  expect(event.defaultPrevented).toBe(true);
  const onClose = renderDialog(prompt);
  await user.click(screen.getByRole('button', { name: 'Install' }));
  expect(event.prompt).toHaveBeenCalledTimes(1);
  expect(prompt.installed).toBe(true);
  expect(onClose).toHaveBeenCalled();
  stop();
});

test('a dismissed offer is spent: the dialog falls back to the explanation', async () => {
  const user = userEvent.setup();
  const prompt = new InstallPrompt();
  prompt.keep(promptEvent('dismissed'));
  renderDialog(prompt);
  await user.click(screen.getByRole('button', { name: 'Install' }));
  expect(prompt.installed).toBe(false);
  expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
});
