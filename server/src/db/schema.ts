// Every domain's tables, for drizzle's typed queries. drizzle-kit reads src/*/tables.ts directly.
// A domain adds its line here when it adds tables.
export {};
