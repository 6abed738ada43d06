import { defineConfig } from 'drizzle-kit';

// One schema (src/<domain>/tables.ts) and one migration set (./migrations) for PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/*/tables.ts',
  out: './migrations',
});
