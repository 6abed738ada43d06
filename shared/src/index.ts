/**
 * @swx/shared — the SDK every SWX front-end package imports: API client, root store, websocket client,
 * i18n (languages, error messages, formatters) and the UI kit. The API contract types are at
 * `@swx/shared/contract`.
 */
export * from './api';
export * from './i18n';
export * from './store';
export * from './socket';
export * from './ui';
export * from './diagnostics';
export * from './security';
