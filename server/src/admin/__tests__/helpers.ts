import { createTestServer, type TestServer } from '../../test/harness';

export const staffCredentials = { username: 'chief', password: 'Back-office-2026' };

/** A test server whose first staff account comes from ADMIN_USERNAME / ADMIN_PASSWORD, as in production. */
export function createStaffTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  return createTestServer({
    env: { ADMIN_USERNAME: staffCredentials.username, ADMIN_PASSWORD: staffCredentials.password, ...env },
  });
}

/** Signs the bootstrap staff member in and returns the Authorization header value. */
export async function staffToken(server: TestServer): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/swx/admin/login', payload: staffCredentials });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return res.json().result.token as string;
}
