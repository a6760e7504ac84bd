// The generated data of the pickers bench, the same on both databases (written once here, through a
// tiny writer per dialect):
//  - USERS users bu000001 … (sys_user + one sys_user_depart link each), spread round-robin over the
//    seeded departments (org_code = that department's); newest = highest number; password a hash
//    string nobody can log in with;
//  - a category tree under ROOTS new roots 大类1 … (after the seeded roots), MIDS children 中类i-j
//    each and LEAVES leaves 小类i-j-k under every child, coded by the category module's own scheme
//    (nextChildCode: A05, A05A01, A05A01A01 …).
const pad = (v, w) => String(v).padStart(w, '0');
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';
const T0 = Date.UTC(2024, 0, 1);
const stamp = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const TREE = { ROOTS: 10, MIDS: 10, LEAVES: 99 };

const USER_COLS = ['id', 'username', 'realname', 'password', 'sex', 'phone', 'org_code', 'status', 'del_flag', 'work_no', 'create_by', 'create_time'];
const LINK_COLS = ['id', 'user_id', 'dep_id'];
const CATEGORY_COLS = ['id', 'pid', 'name', 'code', 'has_child', 'create_by', 'create_time'];

function userRow(n, depart) {
  const realname = SURNAMES[n % 20] + GIVEN[(n * 7) % 20] + GIVEN[(n * 13 + 3) % 20];
  return [`9${pad(n, 18)}`, `bu${pad(n, 6)}`, realname, '!bench-no-login', 1 + (n % 2), `13${pad((n * 7919) % 1e9, 9)}`,
    depart.orgCode, 1, 0, `W${pad(n, 6)}`, 'admin', stamp(T0 + n * 60_000)];
}

/** Fills the database through `w` (see the writers below); returns the phases' times in ms. */
async function fill(w, users, nextChildCode) {
  const times = {};
  let t = performance.now();
  const departs = (await w.all('select id, org_code from sys_depart order by org_code')).map((r) => ({ id: r.id, orgCode: r.org_code }));
  if (!departs.length) throw new Error('no seeded departments');
  await w.insert('sys_user', USER_COLS, function* () {
    for (let n = 1; n <= users; n++) yield userRow(n, departs[n % departs.length]);
  });
  await w.insert('sys_user_depart', LINK_COLS, function* () {
    for (let n = 1; n <= users; n++) yield [`8${pad(n, 18)}`, `9${pad(n, 18)}`, departs[n % departs.length].id];
  });
  times.users = performance.now() - t;

  t = performance.now();
  const rootCodes = (await w.all("select code from sys_category where pid = '0' or pid = '' or pid is null")).map((r) => r.code);
  const firstRoot = nextChildCode('', rootCodes);
  let seq = 0;
  const now = stamp(Date.now());
  const rows = [];
  const node = (pid, name, code, parent) => { rows.push([`7${pad(++seq, 18)}`, pid, name, code, parent ? '1' : '0', 'admin', now]); return rows.at(-1); };
  for (let i = 1; i <= TREE.ROOTS; i++) {
    const code = nextChildCode('', rootCodes);
    rootCodes.push(code);
    const root = node('0', `大类${i}`, code, true);
    const midCodes = [];
    for (let j = 1; j <= TREE.MIDS; j++) {
      const mc = nextChildCode(code, midCodes);
      midCodes.push(mc);
      const mid = node(root[0], `中类${i}-${j}`, mc, true);
      const leafCodes = [];
      for (let k = 1; k <= TREE.LEAVES; k++) {
        const lc = nextChildCode(mc, leafCodes);
        leafCodes.push(lc);
        node(mid[0], `小类${i}-${j}-${k}`, lc, false);
      }
    }
  }
  await w.insert('sys_category', CATEGORY_COLS, function* () { yield* rows; });
  times.categories = performance.now() - t;
  t = performance.now();
  await w.analyze();
  times.analyze = performance.now() - t;
  return { times, departs: departs.length, categories: rows.length, firstRoot };
}

/** SQLite: one prepared statement and one transaction per table, on its own connection to the data file. */
export async function fillSqlite(file, users, nextChildCode) {
  const Sqlite = (await import('better-sqlite3')).default;
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  try {
    return await fill({
      all: async (sql) => db.prepare(sql).all(),
      insert: async (table, cols, rows) => {
        const ins = db.prepare(`insert into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`);
        db.transaction(() => { for (const r of rows()) ins.run(r); })();
      },
      analyze: async () => { db.exec('ANALYZE'); db.pragma('wal_checkpoint(TRUNCATE)'); },
    }, users, nextChildCode);
  } finally {
    db.close();
  }
}

/** PostgreSQL: multi-row INSERTs of 1,000 rows, one transaction per table, then VACUUM ANALYZE. */
export async function fillPostgres(url, users, nextChildCode) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fill({
      all: async (sql) => (await c.query(sql)).rows,
      insert: async (table, cols, rows) => {
        const flush = async (batch) => {
          const values = batch.map((_, i) => `(${cols.map((__, j) => `$${i * cols.length + j + 1}`).join(', ')})`);
          await c.query(`insert into ${table} (${cols.join(', ')}) values ${values.join(', ')}`, batch.flat());
        };
        await c.query('begin');
        let batch = [];
        for (const r of rows()) { batch.push(r); if (batch.length === 1000) { await flush(batch); batch = []; } }
        if (batch.length) await flush(batch);
        await c.query('commit');
      },
      analyze: async () => { await c.query('VACUUM ANALYZE sys_user, sys_user_depart, sys_category'); },
    }, users, nextChildCode);
  } finally {
    await c.end();
  }
}
