import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { RootStore } from '@swx/shared';
import { createFakeSite, listItem, resetRoot } from './test-support/fake-site';
import MarketsRoutes from './routes';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function renderAt(path: string) {
  root = createFakeSite({
    'GET /index/listMarketAll': [listItem('BTCUSDT', 2, { appName: 'Bitcoin' })],
    'GET /index/feedStatus': { feed: 'simulated', simulated: true },
    'GET /index/getParamByKey/trade_fee_rate': { paramValue: '0.001' },
  }).root;
  render(
    <I18nextProvider i18n={root.i18n}>
      <MemoryRouter initialEntries={[path]}>
        <MarketsRoutes />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return root;
}

test('the home page is the module’s route for /', async () => {
  renderAt('/');
  expect(await screen.findByRole('heading', { name: 'Live markets' })).toBeInTheDocument();
});

test('another language is fetched before the module shows, then followed on a change', async () => {
  const site = renderAt('/');
  await screen.findByRole('heading', { name: 'Live markets' });
  await act(() => site.i18n.changeLanguage('ja'));
  expect(await screen.findByRole('heading', { name: 'ライブマーケット' })).toBeInTheDocument();
  await act(() => site.i18n.changeLanguage('ar'));
  expect(await screen.findByRole('heading', { name: 'الأسواق المباشرة' })).toBeInTheDocument();
});
