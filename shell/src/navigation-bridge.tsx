import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Lets code outside React (the SDK's 401 handling, created before the router) change route through
 * react-router. A navigation asked for before the router is mounted is carried out when it mounts.
 */
export function createNavigationBridge() {
  let navigateNow: ((to: string) => void) | null = null;
  let pending: string | null = null;

  function navigate(to: string): void {
    if (navigateNow) navigateNow(to);
    else pending = to;
  }

  function NavigationBridge() {
    const routerNavigate = useNavigate();
    useEffect(() => {
      navigateNow = (to) => void routerNavigate(to);
      if (pending !== null) {
        const to = pending;
        pending = null;
        navigateNow(to);
      }
      return () => {
        navigateNow = null;
      };
    }, [routerNavigate]);
    return null;
  }

  return { navigate, NavigationBridge };
}
