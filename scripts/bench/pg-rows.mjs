// node-postgres rows benchmark (not a test): a named statement reading a page of bench_order-like rows
// (16 columns: ids, texts, a timestamp, a decimal, an int) as node-postgres's own objects (fields set one
// by one) beside the same statement read as arrays and made objects by the engine's row builder
// (rowBuilder, src/server/db/sqlite-statements.ts, as SQLite's rows are read), for pages of 10 and 500 rows. The two
// answers are checked equal. Each timing alternates the two ways, one query at a time on one connection,
// so both pay the same round trip; the difference is the client's parsing and building, which
// this process's CPU time shows apart from the database's. Measured 2026-11-29: within ±5 % both ways
// (10 rows 0.95–1.01×, 500 rows 0.97–1.05×), and the list bench's page of 500 on PostgreSQL did not move
// (7.1–7.9 ms alone either way): the engine keeps node-postgres's own objects.
// Usage: node scripts/bench/pg-rows.mjs   env PG_URL / DATABASE_URL=postgres://postgres@127.0.0.1:5432/test  N=400 (queries per way and size)
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { machineLine, throwawayPostgres } from './lib/load.mjs';
import { serverModules } from './lib/server-modules.mjs';

const { rowBuilder } = await serverModules(['src/server/db/sqlite-statements.ts']);
const N = Number(process.env.N ?? 400);
const admin = process.env.PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const db = await throwawayPostgres(admin, 'bench_pg_rows');
const client = new pg.Client({ connectionString: db.url });
await client.connect();
try {
  await client.query(`create table bench_row (id varchar(32) primary key, create_by varchar(32), create_time timestamp, update_by varchar(32),
    update_time timestamp, sys_org_code varchar(64), order_no varchar(20), customer_name varchar(64), status varchar(2), priority varchar(2),
    paid varchar(1), order_time varchar(19), amount numeric(12,2), quantity int, region varchar(32), remark varchar(200))`);
  await client.query(`insert into bench_row select '1' || lpad(n::text, 18, '0'), 'admin', now(), null, null, 'A01', 'SO' || lpad(n::text, 10, '0'),
    '客户' || n, (n % 5)::text, 'M', (n % 2)::text, '2025-06-01 10:00:00', n * 1.25, n % 20, '区域' || (n % 31), '备注：第' || n || '号订单，按时发货'
    from generate_series(1, 500) n`);
  const text = 'select * from bench_row order by id limit $1';
  const builders = new Map();
  const objects = async (size) => (await client.query({ name: 'objects', text, values: [size] })).rows;
  const arrays = async (size) => {
    const r = await client.query({ name: 'arrays', text, values: [size], rowMode: 'array' });
    let build = builders.get(r.fields.length);
    if (!build) builders.set(r.fields.length, (build = rowBuilder(r.fields.map((f) => f.name))));
    return r.rows.map(build);
  };
  console.log(`\n  machine   ${machineLine()}`);
  console.log(`\nnode-postgres rows: a named statement, ${N} queries per way and page size, alternating, one connection\n`);
  console.log('  rows   objects (pg): wall (this process\'s CPU)   arrays + row builder   ratio');
  for (const size of [10, 500]) {
    if (!isDeepStrictEqual(await objects(size), await arrays(size))) throw new Error(`${size} rows: the two ways answer differently`);
    for (let i = 0; i < 50; i++) { await objects(size); await arrays(size); } // warm-up
    let a = 0, b = 0, ca = 0, cb = 0;
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    for (let i = 0; i < N; i++) {
      let t = performance.now(), c = cpu(); await objects(size); a += performance.now() - t; ca += cpu() - c;
      t = performance.now(); c = cpu(); await arrays(size); b += performance.now() - t; cb += cpu() - c;
    }
    const us = (ms) => `${(ms / N * 1000).toFixed(0).padStart(5)} µs`;
    console.log(`  ${String(size).padStart(4)}   ${us(a)} (CPU ${us(ca)})   ${us(b)} (CPU ${us(cb)})   ${(b / a).toFixed(2)}× (CPU ${(cb / ca).toFixed(2)}×)`);
  }
} finally {
  await client.end();
  await db.drop();
}
