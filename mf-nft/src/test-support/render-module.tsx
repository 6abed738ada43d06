import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ToastRegion, toaster, type AccountEvent, type RootStore } from '@swx/shared';
import { resetRoot } from './fake-site';
import NftRoutes from '../routes';

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/**
 * Renders the whole module at `path` (as the shell does for `/nfts`) and hands back a way to deliver
 * socket frames that are objects (`nft.bid`, notifications) to whoever listens on the root's socket.
 */
export function renderModule(root: RootStore, path: string) {
  const listeners: ((event: AccountEvent) => void)[] = [];
  const original = root.socket.onAccountEvent.bind(root.socket);
  jest.spyOn(root.socket, 'onAccountEvent').mockImplementation((listener) => {
    listeners.push(listener);
    const stop = original(listener);
    return () => {
      listeners.splice(listeners.indexOf(listener), 1);
      stop();
    };
  });
  const result = render(
    <I18nextProvider i18n={root.i18n}>
      <MemoryRouter initialEntries={[path]}>
        <NftRoutes />
        <LocationProbe />
      </MemoryRouter>
      <ToastRegion />
    </I18nextProvider>,
  );
  const push = (event: AccountEvent) =>
    act(() => {
      for (const listener of [...listeners]) listener(event);
    });
  return { ...result, push, location: () => screen.getByTestId('location').textContent };
}

/** After each test: the root store stopped and the page's one toaster emptied (it outlives a render). */
export function cleanUp(root: RootStore | undefined): void {
  resetRoot(root);
  act(() => toaster.items.slice().forEach((toast) => toaster.dismiss(toast.id)));
}
