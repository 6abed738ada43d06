import { makeAutoObservable } from 'mobx';
import type { UserInfo } from '../contract/auth';
import type { KeyStore } from './local-keys';
import { localKeys } from './local-keys';

/** The signed-in customer, as login and `POST /user/getUserInfo` answer it (the contract's `UserInfo`). */
export type SessionUser = UserInfo;

export interface SessionStoreOptions {
  storage: KeyStore;
  navigate: (path: string) => void;
  /** Path and query of the page the customer is on, so login can send them back there. */
  currentPath: () => string;
}

export const loginPath = '/pass/login';

function readUser(text: string | null): SessionUser | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

export class SessionStore {
  token: string | null;
  userInfo: SessionUser | null;

  constructor(private readonly options: SessionStoreOptions) {
    const { storage } = options;
    this.token = storage.get(localKeys.token) || null;
    this.userInfo = this.token ? readUser(storage.get(localKeys.userInfo)) : null;
    makeAutoObservable<SessionStore, 'options'>(this, { options: false }, { autoBind: true });
  }

  get isLoggedIn(): boolean {
    return this.token !== null;
  }

  login(token: string, userInfo: SessionUser): void {
    this.token = token;
    this.userInfo = userInfo;
    const { storage } = this.options;
    storage.set(localKeys.token, token);
    storage.set(localKeys.userInfo, JSON.stringify(userInfo));
    storage.set(localKeys.isLogin, 'true');
  }

  /** After `getUserInfo` or a profile change: same session, fresher customer record. */
  setUserInfo(userInfo: SessionUser): void {
    this.userInfo = userInfo;
    this.options.storage.set(localKeys.userInfo, JSON.stringify(userInfo));
  }

  logout(): void {
    this.token = null;
    this.userInfo = null;
    const { storage } = this.options;
    storage.remove(localKeys.token);
    storage.remove(localKeys.userInfo);
    storage.set(localKeys.isLogin, 'false');
  }

  /**
   * A 401 from any call: the token is no longer good, so forget it and ask the customer to log in. A 401 for
   * a token that is no longer this session's (a request sent before signing out or closing the account, and
   * answered after) changes nothing: the customer already left that session where they chose to.
   */
  handleUnauthorized(sentToken?: string | null): void {
    if (sentToken !== undefined && sentToken !== this.token) return;
    this.logout();
    const current = this.options.currentPath();
    // Several calls failing together must not stack redirects, nor make login redirect to itself.
    if (current.startsWith(loginPath)) return;
    this.options.navigate(`${loginPath}?redirect=${encodeURIComponent(current)}`);
  }
}
