import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRootStore } from '@swx/shared';
import { accountApi } from '../../api';

/**
 * Signs out on the server (the token stops working), then forgets the session here. The local sign-out
 * happens even when the call fails: a customer who asks to leave must not stay signed in on this device.
 */
export function useLogout() {
  const { session } = useRootStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await accountApi.logout();
    } catch {
      // Already signed out on the server (401) or unreachable: the local session goes either way.
    } finally {
      session.logout();
      setBusy(false);
      navigate('/');
    }
  };
  return { logout, busy };
}
