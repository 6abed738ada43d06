import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPath, useRootStore } from '@swx/shared';

/** "My NFTs and bids" belongs to a signed-in customer: anyone else logs in first and comes back here. */
export const RequireLogin = observer(function RequireLogin({ children }: { children: ReactNode }) {
  const { session } = useRootStore();
  const location = useLocation();
  if (!session.isLoggedIn) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${loginPath}?redirect=${back}`} replace />;
  }
  return <>{children}</>;
});
