import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { createFakeSite, renderScreen, resetRoot, type FakeRoutes } from '../../../test-support/fake-site';
import { DetailScreen } from '../../detail';
import { IntroductionScreen } from '../../introduction';
import { FaqScreen } from '../faq';
import { HelpScreen } from '../help';
import { NoticeScreen } from '../notice';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const routes: FakeRoutes = {
  'GET /index/listContents/2-en': [{ id: '7', type: 2, title: 'Privacy policy', slug: 'privacy' }],
  'GET /index/listContents/4-en': [{ id: '11', type: 4, title: 'How do I deposit?', slug: 'faq-deposit' }],
  'GET /index/listContents/4-de': [{ id: '12', type: 4, title: 'Wie zahle ich ein?', slug: 'faq-deposit' }],
  'GET /index/listContents/5-en': [],
  'GET /index/listContents/1-en': [
    { id: '1', type: 1, title: 'About SWX', slug: 'about' },
    { id: '2', type: 1, title: 'Licences', slug: 'licences' },
  ],
  'GET /index/getContentsById/1': {
    id: '1',
    type: 1,
    slug: 'about',
    lang: 'en',
    title: 'About SWX',
    body: '<p>We are a broker.</p>',
  },
  'GET /index/getContentsById/11': {
    id: '11',
    type: 4,
    slug: 'faq-deposit',
    lang: 'en',
    title: 'How do I deposit?',
    body: '<p>Open <strong>Deposit</strong>.</p>',
  },
  'GET /index/getContentsById/7': {
    id: '7',
    type: 2,
    slug: 'privacy',
    lang: 'en',
    title: 'Privacy policy',
    body: '<h2>Data</h2><p>We keep little.</p>',
  },
};

test('the help centre links to FAQ, notices and introduction and lists the policies', async () => {
  ({ root } = createFakeSite(routes));
  renderScreen(root, <HelpScreen />, '/help');
  expect(screen.getByRole('link', { name: /FAQ/ })).toHaveAttribute('href', '/help/faq');
  expect(screen.getByRole('link', { name: /Notices/ })).toHaveAttribute('href', '/help/notice');
  expect(screen.getByRole('link', { name: /Introduction/ })).toHaveAttribute('href', '/introduction');
  const policy = await screen.findByRole('link', { name: 'Privacy policy' });
  expect(policy).toHaveAttribute('href', '/detail?id=7&title=Privacy+policy');
});

test('an FAQ answer loads when its question opens, and the list follows the language', async () => {
  const site = createFakeSite(routes);
  root = site.root;
  renderScreen(root, <FaqScreen />, '/help/faq');
  const question = await screen.findByText('How do I deposit?');
  await userEvent.click(question);
  expect(await screen.findByText('Deposit', { selector: 'strong' })).toBeInTheDocument();
  act(() => root!.settings.setLanguage('de'));
  expect(await screen.findByText('Wie zahle ich ein?')).toBeInTheDocument();
});

test('notices show an empty state when there are none', async () => {
  ({ root } = createFakeSite(routes));
  renderScreen(root, <NoticeScreen />, '/help/notice');
  expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
});

test('a content page renders the server-sanitised HTML under its title', async () => {
  ({ root } = createFakeSite(routes));
  renderScreen(root, <DetailScreen />, '/detail?id=7&title=Privacy%20policy');
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Data' })).toBeInTheDocument();
});

test('a content page without a valid id says so, and a failed load offers a retry', async () => {
  ({ root } = createFakeSite({ ...routes, 'GET /index/getContentsById/99': new Error('boom') }));
  const first = renderScreen(root, <DetailScreen />, '/detail?id=abc');
  expect(screen.getByText('This page does not exist')).toBeInTheDocument();
  first.unmount();
  renderScreen(root, <DetailScreen />, '/detail?id=99&title=Missing');
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.getByText('Unknown error')).toBeInTheDocument();
});

test('the introduction shows the first company item in full and links the others', async () => {
  ({ root } = createFakeSite(routes));
  renderScreen(root, <IntroductionScreen />, '/introduction');
  expect(await screen.findByText('We are a broker.')).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Licences' })).toHaveAttribute(
      'href',
      '/detail?id=2&title=Licences',
    ),
  );
});
