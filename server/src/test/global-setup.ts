import { prepareTemplates } from './database';

/**
 * Jest's global setup for the server: the test database templates are made once, before the workers start
 * (src/test/database.ts), and their names reach every worker through the environment.
 */
export default async function globalSetup(): Promise<void> {
  await prepareTemplates();
}
