import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, PG_ADMIN_URL, startServer, type TestServer } from '../helpers/server.js';

/**
 * PostgreSQL may end a connection at any time (restart, failover, an administrator): the server
 * must not fall over with it. Its pools drop the dead connections and open new ones.
 */
describe.runIf(BACKEND === 'postgres')('database connections ended by the server [postgres]', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  it('keeps serving after every connection of its database is terminated', async () => {
    // Fill the pools with idle connections: the main one and the reports' own.
    await Promise.all(Array.from({ length: 5 }, () => s.api.get('/sys/position/list', { token })));
    expectOk(await s.api.get(`/online/cgreport/head/parseSql?sql=${encodeURIComponent('select 1 as a')}`, { token }));
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(s.db);
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0].name]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    expectOk(await s.api.get('/sys/position/list', { token }));
    expectOk(await s.api.get(`/online/cgreport/head/parseSql?sql=${encodeURIComponent('select 2 as b')}`, { token }));
  });
});
