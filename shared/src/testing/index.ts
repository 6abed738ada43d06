/**
 * @swx/shared/testing — unit-test helpers for the front-end packages: a fake customer API behind a real root
 * store, and a router to render screens in. Test code only: never exported from `@swx/shared`, so it cannot
 * reach a production bundle.
 */
export * from './fake-site';
export * from './market-fixtures';
