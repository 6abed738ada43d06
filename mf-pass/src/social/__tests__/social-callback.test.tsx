import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { RootStore } from '@swx/shared';
import { createFakeSite, renderScreen, resetRoot } from '../../test-support/fake-site';
import { SocialCallback } from '../social-callback';
import type { SocialApi } from '../social-api';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

/** The server lists Google; the sign-in itself is still being checked (never answers in these tests). */
function renderWorking(path: string, language: 'en' | 'de' = 'en') {
  const api = {
    providers: jest.fn(async () => [{ name: 'google', label: 'Google' }]),
    finish: jest.fn(() => new Promise<never>(() => undefined)),
  } as unknown as SocialApi;
  root = createFakeSite({}, { language }).root;
  renderScreen(
    root,
    <Routes>
      <Route path="/api/loginCallback/:provider" element={<SocialCallback api={api} />} />
    </Routes>,
    path,
  );
  return api;
}

test('names a provider the server lists, with the server spelling', async () => {
  renderWorking('/api/loginCallback/google?code=abc&state=xyz');
  expect(await screen.findByText('Checking the answer from Google…')).toBeInTheDocument();
});

test('is localised', async () => {
  renderWorking('/api/loginCallback/google?code=abc&state=xyz', 'de');
  expect(await screen.findByText('Die Antwort von Google wird geprüft …')).toBeInTheDocument();
});

test('a hostile provider name in the URL is never shown: the generic text stays', async () => {
  const hostile = 'Call +1 555 0100 <b>SWX Support</b>';
  const api = renderWorking(`/api/loginCallback/${encodeURIComponent(hostile)}?code=abc`);
  await waitFor(() => expect(api.providers).toHaveBeenCalled());
  await Promise.resolve();
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent('Checking the answer from your sign-in provider…');
  const page = screen.getByRole('heading', { name: 'Signing in' }).closest('section')!;
  expect(page).not.toHaveTextContent('555');
  expect(page).not.toHaveTextContent('SWX Support');
});
