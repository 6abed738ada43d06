/**
 * The seed's local keys (platform-spec §3), kept exactly so a customer's stored session survives the move
 * to this front-end: `token`, `userInfo` (JSON), `isLogin` ('true'/'false'), `language`, `virtualStatus`
 * ('1' demo, '0' real), `klinedatamark` in localStorage; `showBoard` in sessionStorage.
 */
export const localKeys = {
  token: 'token',
  userInfo: 'userInfo',
  isLogin: 'isLogin',
  language: 'language',
  virtualStatus: 'virtualStatus',
  klineMark: 'klinedatamark',
  /** This front-end's own key: 'light' or 'dark' once the customer chose; absent follows the system. */
  theme: 'theme',
} as const;

export const sessionKeys = {
  showBoard: 'showBoard',
} as const;

/** Storage that may be missing or refuse writes (private browsing, quota): the app keeps working in memory. */
export class KeyStore {
  constructor(private readonly storage: Storage | undefined) {}

  get(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  set(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // Not persisted; the in-memory state still holds for this visit.
    }
  }

  remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // As above.
    }
  }
}

export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}
