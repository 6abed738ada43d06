// Every domain's tables, for drizzle's typed queries. drizzle-kit reads src/*/tables.ts directly.
// A domain adds its line here when it adds tables.
export {};
export * from '../markets/tables';
export * from '../admin/tables';
export * from '../params/tables';
export * from '../uploads/tables';
export * from '../content/tables';
export * from '../ledger/tables';
export * from '../auth/tables';
export * from '../guards/tables';
export * from '../trading/tables';
export * from '../cashier/tables';
export * from '../notifications/tables';
export * from '../invites/tables';
export * from '../platform/tables';
export * from '../security/tables';
export * from '../privacy/tables';
