import { observable, reaction, runInAction } from 'mobx';
import { createApiClient, type ApiClient } from '../api/client';
import { createI18n, type I18n } from '../i18n/create-i18n';
import { matchLanguage, type Lang } from '../i18n/languages';
import { SocketClient, type WebSocketFactory } from '../socket/socket-client';
import { browserStorage, KeyStore } from './local-keys';
import { MarketStore, isFreshnessEvent } from './market-store';
import { isNotificationEvent, NotificationsStore } from './notifications-store';
import { SessionStore } from './session-store';
import { SettingsStore } from './settings-store';

export interface RootStoreOptions {
  /** Customer API base; default `/swx/customer` on the page's origin. */
  apiBaseUrl?: string;
  /** The websocket endpoint; default `ws(s)://<page host>/message`. */
  socketUrl?: string;
  storage?: Storage;
  sessionStorage?: Storage;
  /** How the app changes route (the shell passes react-router's); default a full page load. */
  navigate?: (path: string) => void;
  /** The language to start in when the customer has not chosen one yet (default: from the browser). */
  language?: Lang;
  fetch?: typeof fetch;
  WebSocket?: WebSocketFactory;
  /** Path and query of the current page; default `window.location`. */
  currentPath?: () => string;
}

function defaultSocketUrl(): string {
  if (typeof window === 'undefined') return 'ws://localhost/message';
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/message`;
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/**
 * The one store of the site: created by the shell, read by every module through `getRootStore()`.
 * Feature stores of modules attach under their name while the module is mounted; they read the root and
 * never copy it.
 */
export class RootStore {
  readonly i18n: I18n;
  readonly session: SessionStore;
  readonly settings: SettingsStore;
  readonly market: MarketStore;
  readonly notifications: NotificationsStore;
  readonly api: ApiClient;
  readonly socket: SocketClient;

  private readonly features = observable.map<string, unknown>({}, { deep: false });
  private readonly disposers: (() => void)[] = [];

  constructor(options: RootStoreOptions = {}) {
    const storage = new KeyStore(options.storage ?? browserStorage('localStorage'));
    const sessionStorage = new KeyStore(options.sessionStorage ?? browserStorage('sessionStorage'));
    const navigate =
      options.navigate ??
      ((path: string) => {
        if (typeof window !== 'undefined') window.location.assign(path);
      });
    const currentPath =
      options.currentPath ??
      (() => (typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`));

    const initialLanguage = options.language ?? matchLanguage(browserLanguages());
    this.i18n = createI18n(initialLanguage);
    this.session = new SessionStore({ storage, navigate, currentPath });
    this.api = createApiClient({
      baseUrl: options.apiBaseUrl,
      getToken: () => this.session.token,
      getMode: () => this.settings.accountMode,
      onUnauthorized: (sentToken) => this.session.handleUnauthorized(sentToken),
      fetch: options.fetch,
    });
    this.settings = new SettingsStore({
      storage,
      sessionStorage,
      i18n: this.i18n,
      initialLanguage,
      isLoggedIn: () => this.session.isLoggedIn,
      saveAccountMode: (mode) => this.api.call('auth.accountMode', { body: { mode } }),
    });
    this.market = new MarketStore();
    this.notifications = new NotificationsStore();
    this.socket = new SocketClient({
      url: options.socketUrl ?? defaultSocketUrl(),
      getToken: () => this.session.token,
      onTicks: this.market.applyTicks,
      WebSocket: options.WebSocket,
    });

    this.disposers.push(
      // The server reads the token from the socket URL: a login or logout needs a new connection.
      reaction(
        () => this.session.token,
        (token) => {
          this.socket.reconnect();
          // A fresh sign-in starts in the mode the customer last chose, on whichever device that was.
          const mode = this.session.userInfo?.accountMode;
          if (token && mode) this.settings.adoptAccountMode(mode);
        },
      ),
      reaction(
        () => this.session.isLoggedIn,
        (loggedIn) => {
          if (!loggedIn) this.notifications.clear();
        },
      ),
      this.socket.onAccountEvent((event) => {
        if (isNotificationEvent(event)) this.notifications.push(event);
        else if (isFreshnessEvent(event)) this.market.applyFreshness(event);
      }),
    );
  }

  /**
   * Which feed the server runs, into `market.feed`: the shell (and the standalone harness) asks once per
   * page; modules read `market.isSimulated` and never ask again.
   */
  loadFeedStatus(): Promise<void> {
    return this.market.loadFeed(() => this.api.call('markets.feedStatus'));
  }

  /** A module's own store, reachable by other code as `root.feature(name)` while the module is mounted. */
  attach(name: string, store: unknown): void {
    runInAction(() => this.features.set(name, store));
  }

  detach(name: string): void {
    runInAction(() => this.features.delete(name));
  }

  feature<T>(name: string): T | undefined {
    return this.features.get(name) as T | undefined;
  }

  /** Stops the socket and the reactions (tests, hot reload). */
  dispose(): void {
    this.socket.stop();
    this.disposers.splice(0).forEach((dispose) => dispose());
  }
}

let current: RootStore | null = null;

/** Creates the root store and makes it THE one `getRootStore()` returns. */
export function createRootStore(options: RootStoreOptions = {}): RootStore {
  const store = new RootStore(options);
  current = store;
  return store;
}

export function getRootStore(): RootStore {
  if (!current)
    throw new Error('The root store has not been created yet: the shell calls createRootStore() first');
  return current;
}

/** For tests and the standalone harness: install (or clear) the root store. */
export function setRootStore(store: RootStore | null): void {
  current = store;
}
