// The last minute before a declaration deadline (not a test). Starts the compiled server (`npm start`'s,
// dist/server) on a throwaway data folder, adds APPLICANTS applicants (copies of the seeded one, same
// password) each with a draft project in the current race, logs them all in, then has all of them at
// once do what a late applicant does: open 我的项目, save a last change to the draft, and 提交申报.
// Prints the time until the last one is answered, per step p50/p95/max, the errors, and checks in the
// database that every project is submitted with its history row. Beside it, the floor: the same writes
// (state, submit time, a history row) as bare SQL transactions one after another on a connection of
// the bench's own. Then the deadline passes: a second draft of FAILING applicants is submitted at once
// a second after it, and every one must be refused (409 不在申报时间内) and left a draft.
// Usage: node scripts/bench/deadline.mjs   env APPLICANTS (500), FAILING (50), DATABASE_URL (PostgreSQL:
//        a throwaway database is made on that server and dropped after).
import { machineLine, pct } from './lib/load.mjs';
import { loginTo, openProductDb, startProduct, throwawayProduct } from './lib/product.mjs';

const APPLICANTS = Number(process.env.APPLICANTS ?? 500);
const FAILING = Math.min(APPLICANTS, Number(process.env.FAILING ?? 50));
const PASSWORD = 'Bench-Deadline-2025';

const { dataDir, pgUrl, port, api, dispose } = await throwawayProduct('deadline', 18900);
const pad = (n) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' in this machine's time zone, as the server writes times. */
const local = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const name = (n) => `rush${n}`;

/** Copies of the seeded applicant (account, roles, departments) and one draft each (two for the first FAILING). */
async function addApplicants(db) {
  const [user] = await db.all("select * from sys_user where username = 'applicant'");
  const copies = (rows, n, change) => rows.map((r) => ({ ...r, ...change(r, n) }));
  const users = [], roles = [], departs = [], projects = [];
  const userRoles = await db.all('select * from sys_user_role where user_id = ?', [user.id]);
  const userDeparts = await db.all('select * from sys_user_depart where user_id = ?', [user.id]);
  const [draft] = await db.all("select * from pms_project where create_by = 'applicant' order by id limit 1");
  const [race] = await db.all('select id from pms_race where is_current = 1');
  for (let n = 0; n < APPLICANTS; n++) {
    users.push({ ...user, id: `rushu${n}`, username: name(n), realname: `申报人${n}` });
    roles.push(...copies(userRoles, n, (_r, i) => ({ id: `rushr${i}_${_r.id}`.slice(0, 32), user_id: `rushu${i}` })));
    departs.push(...copies(userDeparts, n, (_r, i) => ({ id: `rushd${i}_${_r.id}`.slice(0, 32), user_id: `rushu${i}` })));
    for (let k = 0; k < (n < FAILING ? 2 : 1); k++) {
      projects.push({ ...draft, id: `rushp${n}_${k}`, name: `最后一分钟的项目 ${n}-${k}`, race_id: race.id, state: 'draft', submit_time: null, create_by: name(n), update_by: null, update_time: null });
    }
  }
  for (const [table, rows] of [['sys_user', users], ['sys_user_role', roles], ['sys_user_depart', departs], ['pms_project', projects]]) {
    if (rows.length) await db.insert(table, Object.keys(rows[0]), rows);
  }
}

async function call(method, url, token, body) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${api}${url}`, { method, headers: { 'x-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = await res.json().catch(() => ({}));
    return { ms: performance.now() - t0, status: res.status, ok: res.ok && json.success !== false, message: json.message, result: json.result };
  } catch (err) {
    return { ms: performance.now() - t0, status: 0, ok: false, message: String(err) };
  }
}

/** What a late applicant does: 我的项目, a last change to the draft, 提交申报. */
async function lateApplicant(token, n) {
  const list = await call('GET', '/pms/project/list?pageNo=1&pageSize=10&column=createTime&order=desc', token);
  const id = `rushp${n}_0`;
  const save = await call('PUT', '/pms/project/edit', token, { id, name: `最后一分钟的项目 ${n}（终稿）` });
  const submit = await call('POST', '/pms/project/transition', token, { id, transition: 'submit' });
  return { list, save, submit };
}

const summary = (results) => {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const errors = results.filter((r) => !r.ok);
  return { p50: pct(ms, 0.5), p95: pct(ms, 0.95), max: ms.at(-1), errors: errors.length, sample: errors[0] ? `${errors[0].status} ${errors[0].message}` : '' };
};

let server, db;
try {
  console.log(`deadline: ${APPLICANTS.toLocaleString('en')} applicants submitting at once, ${pgUrl ? 'PostgreSQL' : 'SQLite'}`);
  server = await startProduct({ dataDir, pgUrl: pgUrl, port, password: PASSWORD }); // migrates and seeds
  await server.stop();
  db = await openProductDb({ dataDir, pgUrl: pgUrl });
  await addApplicants(db);
  await db.run('update pms_race set declare_end = ? where is_current = 1', [local(new Date(Date.now() + 3_600_000))]);
  server = await startProduct({ dataDir, pgUrl: pgUrl, port, password: PASSWORD });

  let t0 = performance.now();
  const tokens = [];
  for (let i = 0; i < APPLICANTS; i += 20) tokens.push(...await Promise.all(Array.from({ length: Math.min(20, APPLICANTS - i) }, (_, k) => loginTo(api, name(i + k), PASSWORD))));
  console.log(`  ${APPLICANTS} logins (20 at a time, scrypt): ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  t0 = performance.now();
  const rush = await Promise.all(tokens.map((token, n) => lateApplicant(token, n)));
  const wall = performance.now() - t0;
  const submitted = await db.all("select count(*) as n from pms_project where id like 'rushp%' and state = 'submitted' and submit_time is not null");
  const history = await db.all("select count(*) as n from sys_workflow_history where row_id like 'rushp%' and transition = 'submit'");
  const line = (cells) => console.log(`  ${cells.map((c, i) => String(c).padEnd(i ? 11 : 34)).join('')}`);
  console.log(`\n  all ${APPLICANTS} at once: the last answered after ${(wall / 1000).toFixed(2)} s (${Math.round(APPLICANTS / (wall / 1000))} applicants a second)`);
  line(['step', 'p50 ms', 'p95 ms', 'max ms', 'errors']);
  for (const step of ['list', 'save', 'submit']) {
    const s = summary(rush.map((r) => r[step]));
    line([{ list: '我的项目 (list)', save: 'save the draft (edit)', submit: '提交申报 (transition)' }[step], s.p50.toFixed(0), s.p95.toFixed(0), s.max.toFixed(0), `${s.errors}${s.sample ? ` (${s.sample})` : ''}`]);
  }
  console.log(`  in the database: ${Number(submitted[0].n)} of ${APPLICANTS} first drafts submitted, ${Number(history[0].n)} history rows`);

  // The floor: the submit's writes as bare SQL, one transaction after another (the projects set back to drafts first).
  await server.stop();
  server = null;
  await db.run("update pms_project set state = 'draft', submit_time = null where id like 'rushp%'");
  const now = local(new Date());
  t0 = performance.now();
  for (let n = 0; n < APPLICANTS; n++) {
    await db.run('begin');
    await db.run("update pms_project set state = 'submitted', submit_time = ?, update_by = ?, update_time = ? where id = ? and state = 'draft'", [now, name(n), now, `rushp${n}_0`]);
    await db.run("insert into sys_workflow_history (id, seq, table_name, row_id, transition, from_state, to_state, create_by, create_name, create_time) values (?, ?, 'pms_project', ?, 'submit', 'draft', 'submitted', ?, ?, ?)",
      [`rushh${n}`, 1_000_000 + n, `rushp${n}_0`, name(n), name(n), now]);
    await db.run('commit');
  }
  const floor = performance.now() - t0;
  console.log(`  floor: the same writes as ${APPLICANTS} bare SQL transactions, one after another: ${(floor / 1000).toFixed(2)} s`);

  // A second after the deadline: every late submission refused, every draft left a draft.
  await db.run('update pms_race set declare_end = ? where is_current = 1', [local(new Date(Date.now() - 1000))]);
  server = await startProduct({ dataDir, pgUrl: pgUrl, port, password: PASSWORD });
  const late = await Promise.all(Array.from({ length: FAILING }, async (_, n) => {
    const token = await loginTo(api, name(n), PASSWORD);
    return call('POST', '/pms/project/transition', token, { id: `rushp${n}_1`, transition: 'submit' });
  }));
  const refused = late.filter((r) => r.status === 409 && /^不在申报时间内/.test(r.message ?? '')).length;
  const stillDrafts = await db.all("select count(*) as n from pms_project where id like 'rushp%\\_1' escape '\\' and state = 'draft'");
  console.log(`\n  a second after the deadline: ${refused} of ${FAILING} submissions refused (409 ${late[0]?.message ?? ''}), ${Number(stillDrafts[0].n)} of ${FAILING} left drafts`);
  if (refused !== FAILING || Number(stillDrafts[0].n) !== FAILING) process.exitCode = 1;
  console.log(`\n  ${machineLine()}`);
} finally {
  await server?.stop();
  await db?.close();
  await dispose();
}
