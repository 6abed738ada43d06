export { RootStore, createRootStore, getRootStore, setRootStore, type RootStoreOptions } from './root-store';
export { SessionStore, loginPath, type SessionUser } from './session-store';
export { SettingsStore, type ThemeChoice } from './settings-store';
export { MarketStore, historyLength, type MarketQuote } from './market-store';
export {
  NotificationsStore,
  isNotificationEvent,
  type AccountEvent,
  type AccountNotification,
} from './notifications-store';
export { localKeys, sessionKeys } from './local-keys';
export { useRootStore } from './use-root-store';
export { useLivePrices } from './use-live-prices';
