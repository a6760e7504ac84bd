// The rows of bench_order, the same on both databases: every value is a function of the row
// number n (1..ROWS), written once in JS for SQLite and once in SQL for PostgreSQL.
//   status n%5 (project_status, 5 values: 20 % each), priority n%3 (L/M/H), paid n%2 (yn),
//   order_time = 2025-01-01 + (n·104729 mod 31536000) s (distinct for every n, shuffled against n),
//   customer_name 客户 + (n·7919 mod 100000) (each name 10× per million rows).
const pad = (v, w) => String(v).padStart(w, '0');
const T0 = Date.UTC(2025, 0, 1);
const COLS = ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'order_no', 'customer_name',
  'status', 'priority', 'paid', 'order_time', 'amount', 'quantity', 'region', 'remark'];

export function rowOf(n) {
  const t = new Date(T0 + ((n * 104729) % 31536000) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  return [`1${pad(n, 18)}`, 'admin', t, null, null, 'A01', `SO${pad(n, 10)}`, `客户${pad((n * 7919) % 100000, 5)}`,
    String(n % 5), ['L', 'M', 'H'][n % 3], String(n % 2), t, ((n * 37) % 100000) / 100, 1 + (n % 20),
    `区域${pad((n * 17) % 31, 2)}`, `备注：第${n}号订单，按时发货`];
}

/** SQLite: one transaction, one prepared statement, on its own connection to the data file. */
export async function insertSqlite(file, rows) {
  const Sqlite = (await import('better-sqlite3')).default;
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -262144'); // 256 MiB for the load only
  const ins = db.prepare(`insert into bench_order (${COLS.join(', ')}) values (${COLS.map(() => '?').join(', ')})`);
  db.transaction(() => { for (let n = 1; n <= rows; n++) ins.run(rowOf(n)); })();
  db.exec('ANALYZE');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** PostgreSQL: one INSERT … SELECT over generate_series, then VACUUM ANALYZE (visibility map for index-only counts). */
export async function insertPostgres(url, rows) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`insert into bench_order (${COLS.join(', ')})
      select '1' || lpad(n::text, 18, '0'), 'admin', t, null, null, 'A01', 'SO' || lpad(n::text, 10, '0'),
        '客户' || lpad(((n * 7919) % 100000)::text, 5, '0'), (n % 5)::text, (array['L','M','H'])[n % 3 + 1], (n % 2)::text, t,
        ((n * 37) % 100000) / 100.0, 1 + n % 20, '区域' || lpad(((n * 17) % 31)::text, 2, '0'), '备注：第' || n || '号订单，按时发货'
      from (select n, to_char(timestamp '2025-01-01' + ((n * 104729) % 31536000) * interval '1 second', 'YYYY-MM-DD HH24:MI:SS') as t
            from generate_series(1::bigint, $1::bigint) n) s`, [rows]);
    await c.query('VACUUM ANALYZE bench_order');
  } finally {
    await c.end();
  }
}
