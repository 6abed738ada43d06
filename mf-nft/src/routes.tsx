import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { Skeleton } from '@swx/shared';
import { useNftStrings } from './i18n';
import { LiveNotices } from './live-notices';
import { nftPaths, viewOf } from './paths';
import { DetailScreen } from './screens/detail';
import { DonationsScreen } from './screens/donations';
import { GalleryScreen } from './screens/gallery';
import { MineScreen } from './screens/mine';
import { NftLiveProvider } from './store';
import { RequireLogin } from './components/require-login';

const loading = (
  <div style={{ minBlockSize: '100vh' }}>
    <Skeleton blockSize="240px" />
  </div>
);

/** `/nfts` and its query (paths.ts) → the page. */
function NftPages() {
  const [search] = useSearchParams();
  const { view, id } = viewOf(search);
  if (view === 'detail' && id) return <DetailScreen key={id} id={id} />;
  if (view === 'mine')
    return (
      <RequireLogin>
        <MineScreen />
      </RequireLogin>
    );
  if (view === 'donations') return <DonationsScreen />;
  return <GalleryScreen />;
}

/**
 * The module's routes: the shell mounts this component for `/nfts`. The standalone page's root leads to the
 * gallery (in the site `/` belongs to another module, so that route never shows there).
 */
export default function NftRoutes() {
  const stringsReady = useNftStrings();
  if (!stringsReady) return loading;
  return (
    <NftLiveProvider>
      <LiveNotices />
      <Routes>
        <Route path={nftPaths.gallery} element={<NftPages />} />
        <Route path="/" element={<Navigate to={nftPaths.gallery} replace />} />
      </Routes>
    </NftLiveProvider>
  );
}
