import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { RootStore } from '@swx/shared';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { LoginCallbackScreen } from '../login-callback';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function renderCallback(path: string, language: 'en' | 'ar' = 'en') {
  const fake = createFakeSite({}, { language });
  root = fake.root;
  renderScreen(
    root,
    <Routes>
      <Route path="/api/loginCallback/:provider" element={<LoginCallbackScreen />} />
    </Routes>,
    path,
  );
  return fake;
}

test('says plainly that the sign-in method is not available and links to login', () => {
  // Whatever the provider sent back is not used: nothing is sent to the server.
  const { calls } = renderCallback('/api/loginCallback/google?code=abc&state=xyz');
  expect(screen.getByRole('heading', { name: 'Sign-in method not available' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Signing in with Google is not available yet.');
  expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/pass/login');
  expect(calls).toHaveLength(0);
});

test('does not echo an odd provider name', () => {
  renderCallback(`/api/loginCallback/${encodeURIComponent('<b>evil</b> site')}`);
  expect(screen.getByRole('status')).toHaveTextContent('Signing in with this provider is not available yet.');
});

test('is localised', () => {
  renderCallback('/api/loginCallback/apple', 'ar');
  expect(screen.getByRole('link', { name: 'الانتقال إلى تسجيل الدخول' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Apple');
});
