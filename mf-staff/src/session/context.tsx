import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { StaffSession } from './staff-session';

const StaffSessionContext = createContext<StaffSession | null>(null);

function browserSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Gives the module's screens the staff session. The module creates one when it mounts (from the tab's stored
 * staff token); tests pass their own, built on a fake fetch.
 */
export function StaffSessionProvider({ session, children }: { session?: StaffSession; children: ReactNode }) {
  const [value] = useState(() => session ?? new StaffSession({ storage: browserSessionStorage() }));
  useEffect(() => {
    if (value.restoring) void value.restore();
  }, [value]);
  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}

export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession outside StaffSessionProvider');
  return session;
}
