import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@swx/shared';
import { useMarketsStrings } from './i18n';
import { HomeScreen } from './screens/home';

// The home page is in this chunk (it is the site's landing page: one request fewer before it paints);
// the market list and the currency detail, which pulls in the chart library, load when visited.
const MarketScreen = lazy(() => import('./screens/market').then((m) => ({ default: m.MarketScreen })));
const CurrencyScreen = lazy(() => import('./screens/currency').then((m) => ({ default: m.CurrencyScreen })));

/** The module's routes (the shell mounts this component for `/`, `/market` and `/cruuency`). */
const loading = (
  <div style={{ minBlockSize: '100vh' }}>
    <Skeleton blockSize="240px" />
  </div>
);

export default function MarketsRoutes() {
  const stringsReady = useMarketsStrings();
  if (!stringsReady) return loading;
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/" element={<HomeScreen />} />
        <Route path="/market" element={<MarketScreen />} />
        <Route path="/cruuency" element={<CurrencyScreen />} />
      </Routes>
    </Suspense>
  );
}
