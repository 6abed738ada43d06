import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminQuery } from '../../test/database';
import { migrationsFolder, openDatabase, type Database } from '../client';

/**
 * Instances started together on one empty PostgreSQL database (deploy/compose.yaml's two servers, a rolling
 * restart) each run the migrations at start-up: under the advisory lock one applies them, the others wait
 * and then find nothing to do. Without the lock they race (`relation ... already exists`, or a migration
 * recorded twice). PostgreSQL only: one process opens a PGlite database.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = adminUrl ? describe : describe.skip;

onPostgres('migrations under a lock', () => {
  const name = `swx_t_${crypto.randomBytes(6).toString('hex')}`;
  let url: string;

  beforeAll(async () => {
    await adminQuery(adminUrl!, `CREATE DATABASE ${name}`);
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(() => adminQuery(adminUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('three instances starting at once on an empty database apply every migration exactly once', async () => {
    const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    const databases = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
      const journal = JSON.parse(
        fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ).entries as { when: number }[];
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const applied = await client.query<{ created_at: string; n: number }>(
          'select created_at, count(*)::int as n from drizzle.__drizzle_migrations group by created_at',
        );
        expect(applied.rows.map((row) => Number(row.created_at)).sort()).toEqual(
          journal.map((entry) => entry.when).sort(),
        );
        expect(applied.rows.every((row) => row.n === 1)).toBe(true);
        // Nobody holds the lock once they are all up.
        const locks = await client.query(
          "select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
        );
        expect(locks.rowCount).toBe(0);
      } finally {
        await client.end();
      }
      // Every instance works on the schema it found.
      for (const database of databases) await database.db.execute('select count(*) from platform_jobs');
    } finally {
      await Promise.all(databases.map((database: Database) => database.close()));
    }
  });
});
