// The rows of the row-rules bench, the same on both databases: every value is a function of the
// row number n, written once in JS and inserted by multi-row INSERTs in one transaction per table,
// then ANALYZE. Columns the table has and this file does not name are left null.
//   pms_project n = 1..ROWS: one bench contest; created by bapp0001..bapp2000 (n mod 2000: the bench
//     applicant bapp0001 owns ROWS/2000 rows); state by n mod 10: draft 20 %, submitted 30 %,
//     returned 10 %, passed 10 % (n ≡ 6), rejected 30 %; track by ⌊n/10⌋ mod 6; create_time spread
//     over 90 days, distinct for every n and shuffled against n.
//   pms_project_review: 5 submitted sheets per passed project, the k-th passed project's j-th sheet
//     by expert bexp((5k + j) mod EXPERTS + 1): EXPERTS = 500 gives each expert 100 sheets.
const pad = (v, w) => String(v).padStart(w, '0');
const fmt = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const T0 = Date.UTC(2025, 2, 1);
const SPREAD = 90 * 86_400;
export const APPLICANTS = 2000;
export const RACE_ID = 'benchrace0000000000000000000000';
export const applicant = (i) => `bapp${pad(i, 4)}`;
export const expert = (i) => `bexp${pad(i, 4)}`;
const STATES = ['draft', 'draft', 'submitted', 'submitted', 'submitted', 'returned', 'passed', 'rejected', 'rejected', 'rejected'];
const TRACKS = ['it', 'bio', 'mfg', 'energy', 'agri', 'culture'];
const LEADERS = ['王晓峰', '李佳怡', '张宏伟', '陈思远', '刘雨桐', '赵明轩'];

function projectOf(n) {
  const created = T0 + ((n * 104729) % SPREAD) * 1000;
  const state = STATES[n % 10];
  const audited = ['returned', 'passed', 'rejected'].includes(state);
  return {
    id: `2${pad(n, 18)}`, create_by: applicant((n % APPLICANTS) + 1), create_time: fmt(created), update_by: null, update_time: null, sys_org_code: null,
    race_id: RACE_ID, name: `项目${pad(n, 6)}·${TRACKS[Math.floor(n / 10) % 6]}方向成果转化`, track: TRACKS[Math.floor(n / 10) % 6],
    category: null, region: null, org_name: `单位${pad(n % 3000, 4)}科技有限公司`, leader: LEADERS[n % 6], leader_phone: `138${pad(n % 1e8, 8)}`,
    summary: `<p>第${n}号项目：面向行业关键问题，提出可落地的解决方案。</p>`, attachment: null, video_url: null, state,
    submit_time: state === 'draft' ? null : fmt(created + 86_400_000),
    audit_opinion: audited ? (state === 'passed' ? '符合申报条件' : '材料不全，请补充') : null, audit_by: audited ? 'breviewer' : null,
    audit_time: audited ? fmt(created + 2 * 86_400_000) : null, review_progress: state === 'passed' ? '5/5' : null, final_score: null, rank: null,
  };
}

function* reviewsOf(rows, experts) {
  let k = 0;
  for (let n = 1; n <= rows; n++) {
    if (STATES[n % 10] !== 'passed') continue;
    const p = projectOf(n);
    const at = Date.parse(`${p.create_time}Z`) + 10 * 86_400_000;
    for (let j = 0; j < 5; j++) {
      const a = (n * 7 + j * 3) % 31, b = (n * 11 + j * 5) % 26, c = (n * 13 + j * 7) % 21, d = (n * 17 + j) % 11, e = (n + j * 3) % 11;
      yield {
        id: `3${pad(n, 16)}${j}0`, create_by: 'admin', create_time: fmt(at + j * 3_600_000), update_by: null, update_time: null, sys_org_code: null,
        project_id: p.id, race_id: RACE_ID, expert: expert(((5 * k + j) % experts) + 1),
        scores: JSON.stringify({ i1: a, i2: b, i3: c, i4: d, i5: e }), total: a + b + c + d + e + 5, comment: null, state: 'submitted',
        submit_time: fmt(at + j * 3_600_000 + 600_000),
      };
    }
    k += 1;
  }
}

export function* projects(rows) { for (let n = 1; n <= rows; n++) yield projectOf(n); }
export const reviews = reviewsOf;
export const race = () => ({
  id: RACE_ID, create_by: 'admin', create_time: fmt(T0), update_by: null, update_time: null, sys_org_code: null,
  title: '基准测试赛事', year: 2025, is_current: 0, experts_per_project: 5, result_published: '0',
});

/** Inserts `rows` (objects keyed by column) into `table` in batches; `columns` are the table's. */
async function insertAll(exec, dialect, table, columns, rows, batch) {
  let chunk = [];
  let count = 0;
  const flush = async () => {
    if (!chunk.length) return;
    const params = [];
    const tuples = chunk.map((r) => `(${columns.map((c) => { params.push(r[c] ?? null); return dialect === 'postgres' ? `$${params.length}` : '?'; }).join(', ')})`);
    await exec(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`, params);
    count += chunk.length;
    chunk = [];
  };
  for (const r of rows) {
    chunk.push(r);
    if (chunk.length === batch) await flush();
  }
  await flush();
  return count;
}

/** Loads the contest, its projects and sheets; returns the row counts. */
export async function load({ dialect, sqliteFile, pgUrl, rows, experts }) {
  const tables = { pms_race: () => [race()], pms_project: () => projects(rows), pms_project_review: () => reviews(rows, experts) };
  const counts = {};
  if (dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    const db = new Sqlite(sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -262144'); // 256 MiB for the load only
    const stmts = new Map();
    const exec = async (text, params) => { let s = stmts.get(text); if (!s) stmts.set(text, (s = db.prepare(text))); s.run(params); };
    for (const [table, gen] of Object.entries(tables)) {
      const columns = db.prepare(`select name from pragma_table_info(?)`).all(table).map((r) => r.name);
      db.exec('begin');
      counts[table] = await insertAll(exec, dialect, table, columns, gen(), Math.floor(30_000 / columns.length));
      db.exec('commit');
    }
    db.exec('ANALYZE');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } else {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      const exec = (text, params) => c.query(text, params);
      for (const [table, gen] of Object.entries(tables)) {
        const columns = (await c.query(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`, [table])).rows.map((r) => r.column_name);
        await c.query('begin');
        counts[table] = await insertAll(exec, dialect, table, columns, gen(), Math.floor(30_000 / columns.length));
        await c.query('commit');
      }
      await c.query('VACUUM ANALYZE pms_race, pms_project, pms_project_review');
    } finally {
      await c.end();
    }
  }
  return counts;
}
