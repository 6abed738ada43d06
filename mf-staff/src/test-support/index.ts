export * from './staff-site';
