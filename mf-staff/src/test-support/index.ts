export * from './staff-site';
export * from './review-fixtures';
