import { act, screen } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import { createFakeSite, listing, rules } from './test-support/fake-site';
import { cleanUp, renderModule } from './test-support/render-module';
import { viewOf } from './paths';

let root: RootStore | undefined;
afterEach(() => cleanUp(root));

test('the query picks the page; anything unexpected is the gallery', () => {
  const of = (query: string) => viewOf(new URLSearchParams(query));
  expect(of('')).toEqual({ view: 'gallery', id: null });
  expect(of('id=12')).toEqual({ view: 'detail', id: '12' });
  expect(of('id=0')).toEqual({ view: 'gallery', id: null });
  expect(of('id=12abc')).toEqual({ view: 'gallery', id: null });
  expect(of('view=mine')).toEqual({ view: 'mine', id: null });
  expect(of('view=donations')).toEqual({ view: 'donations', id: null });
  expect(of('view=admin')).toEqual({ view: 'gallery', id: null });
});

test('other languages are fetched before the module shows, and followed on a change', async () => {
  root = createFakeSite({
    'GET /index/listNft': { items: [listing('7')], totalDonated: '0', rules },
  }).root;
  renderModule(root, '/nfts');
  expect(await screen.findByRole('heading', { level: 1, name: 'Charity NFTs' })).toBeInTheDocument();
  await act(() => root!.i18n.changeLanguage('de'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Charity-NFTs' })).toBeInTheDocument();
  await act(() => root!.i18n.changeLanguage('ar'));
  expect(await screen.findByRole('heading', { level: 1, name: 'رموز NFT الخيرية' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'جارية' })).toBeInTheDocument();
});

test('the section links mark only the page shown as current', async () => {
  root = createFakeSite({
    'GET /index/nftDonations': {
      total: '0',
      count: 0,
      items: [],
      raised: '0',
      paidOut: '0',
      held: '0',
      heldAsOf: null,
      payouts: [],
    },
  }).root;
  renderModule(root, '/nfts?view=donations');
  await screen.findByTestId('donations-total');
  const nav = screen.getByRole('navigation', { name: 'NFT pages' });
  const current = [...nav.querySelectorAll('[aria-current="page"]')].map((link) => link.textContent);
  expect(current).toEqual(['Donations']);
});
