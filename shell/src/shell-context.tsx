import { createContext, useContext } from 'react';
import type { getRootStore } from '@swx/shared';
import type { FooterContentStore } from './chrome/footer-content';

export type RootStore = ReturnType<typeof getRootStore>;

/** What the chrome needs besides the router: the root store, the footer list, a place for notices. */
export interface ShellServices {
  root: RootStore;
  footer: FooterContentStore;
  /** Shows a short confirmation or failure message (the SDK's toaster, announced to screen readers). */
  notify: (message: string, tone?: 'info' | 'success' | 'error') => void;
}

export const ShellContext = createContext<ShellServices | null>(null);

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell needs a ShellContext provider');
  return services;
}
