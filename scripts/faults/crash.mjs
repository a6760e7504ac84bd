// kill -9 in the middle of writes. 200 writes at once — project declarations with their team, and
// expert score submissions (save then submit) — and the instance is killed once KILL_AFTER of them
// are acknowledged. After a restart on the same database: every acknowledged write is there exactly
// once, no row is half-written (a project without its two members, a submitted sheet without its
// total), the database opens clean, and resubmitting what was not acknowledged succeeds.
//
//   node scripts/faults/crash.mjs                     # PostgreSQL (a new database on 127.0.0.1:5432)
//   FAULT_DB=sqlite node scripts/faults/crash.mjs     # SQLite in WAL mode
//
// Environment: PROJECTS (150), SCORES (50), KILL_AFTER (80), FAULT_PORT (18144), FAULT_DIR (/tmp/contest-faults), PG_URL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import Sqlite from 'better-sqlite3';
import { call, login, sleep, startInstance } from './lib.mjs';

const backend = (process.env.FAULT_DB ?? 'postgres').toLowerCase();
const PROJECTS = Number(process.env.PROJECTS ?? 150);
const SCORES = Number(process.env.SCORES ?? 50);
const KILL_AFTER = Number(process.env.KILL_AFTER ?? 80);
const port = Number(process.env.FAULT_PORT ?? 18144);
const run = randomBytes(3).toString('hex');
const dir = path.join(process.env.FAULT_DIR ?? '/tmp/contest-faults', `crash-${backend}-${run}`);
fs.mkdirSync(dir, { recursive: true });
const pgAdmin = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ops_crash_${run}`;
const databaseUrl = backend === 'postgres' ? Object.assign(new URL(pgAdmin), { pathname: `/${dbName}` }).toString() : undefined;

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

/** Plain SQL on the instance's database, from outside it. */
async function openDb() {
  if (backend === 'postgres') {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    return { all: async (q, p = []) => { let n = 0; return (await c.query(q.replace(/\?/g, () => `$${++n}`), p)).rows; }, close: () => c.end() };
  }
  const file = path.join(dir, 'data', 'platform.db');
  const s = new Sqlite(file);
  s.pragma('busy_timeout = 5000');
  return { all: async (q, p = []) => (/^\s*select/i.test(q) ? s.prepare(q).all(...p) : s.prepare(q).run(...p)), close: async () => s.close() };
}

if (backend === 'postgres') {
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  await c.query(`create database "${dbName}"`);
  await c.end();
}
const log = path.join(dir, 'server.log');
const env = { DATABASE_URL: databaseUrl ?? '', DATA_DIR: path.join(dir, 'data'), JOBS: 'off' };
let server = startInstance({ port, log, env });
let db;
try {
  await server.waitReady();
  db = await openDb();
  const [admin, applicant, expert] = [await login(server.url, 'admin'), await login(server.url, 'applicant'), await login(server.url, 'expert')];
  const raceId = (await db.all('select id from pms_race where is_current = 1'))[0].id;

  // Sheets to score: passed projects assigned to expert.
  console.log(`setting up ${SCORES} sheets to score`);
  const reviews = [];
  for (let i = 0; i < SCORES; i++) {
    const name = `score-${run}-${i}`;
    const add = await call(server.url, 'POST', '/jeecg-boot/pms/project/add', { token: applicant, body: { raceId, name, track: 'bio', orgName: '新锐科技有限公司', leader: '钱工', leaderPhone: '13800138111' } });
    if (!add.body?.success) throw new Error(`setup: ${JSON.stringify(add.body)}`);
    const id = (await db.all('select id from pms_project where name = ?', [name]))[0].id;
    await db.all("update pms_project set state = 'passed', submit_time = '2026-11-01 10:00:00' where id = ?", [id]);
    const assign = await call(server.url, 'POST', '/jeecg-boot/pms/project/assignExperts', { token: admin, body: { projectId: id, experts: 'expert' } });
    if (!assign.body?.success) throw new Error(`setup: ${JSON.stringify(assign.body)}`);
    reviews.push((await db.all("select id from pms_project_review where project_id = ? and expert = 'expert'", [id]))[0].id);
  }
  const sheet = await call(server.url, 'GET', `/jeecg-boot/pms/review/sheet?id=${reviews[0]}`, { token: expert });
  const scores = Object.fromEntries(sheet.body.result.indicators.map((ind) => [ind.id, Math.round(ind.maxScore * 0.8)]));

  const declare = (i, token = applicant) => call(server.url, 'POST', '/jeecg-boot/pms/project/add', {
    token,
    body: {
      raceId, name: `crash-${run}-${i}`, track: 'it', orgName: '星火科技有限公司', leader: '王工', leaderPhone: '13800138000',
      pms_project_memberList: [{ name: '李一', role: '技术负责人', phone: '13900139000' }, { name: '赵二', role: '市场' }],
    },
  });
  const score = async (id, token = expert) => {
    const saved = await call(server.url, 'PUT', '/jeecg-boot/pms/review/edit', { token, body: { id, scores: JSON.stringify(scores), comment: '崩溃测试' } });
    if (!saved.body?.success) return saved;
    return call(server.url, 'POST', '/jeecg-boot/pms/review/transition', { token, body: { id, transition: 'submit' } });
  };

  // 200 writes at once; kill -9 once KILL_AFTER are acknowledged.
  let acknowledged = 0;
  let killedAt = -1;
  const track = (p) => p.then((r) => { if (r.body?.success) acknowledged++; return r; });
  const started = performance.now();
  const scoreOps = reviews.map((id) => track(score(id)));
  const projectOps = Array.from({ length: PROJECTS }, (_, i) => track(declare(i)));
  while (acknowledged < KILL_AFTER && performance.now() - started < 60_000) await sleep(2);
  killedAt = acknowledged;
  await server.kill('SIGKILL');
  const projectResults = await Promise.all(projectOps);
  const scoreResults = await Promise.all(scoreOps);
  const ackedProjects = projectResults.map((r, i) => (r.body?.success ? i : -1)).filter((i) => i >= 0);
  const ackedScores = scoreResults.map((r, i) => (r.body?.success ? reviews[i] : null)).filter(Boolean);
  const refused = [...projectResults, ...scoreResults].filter((r) => r.status >= 400 && r.status < 500);
  console.log(`killed with ${killedAt} acknowledged after ${(performance.now() - started).toFixed(0)} ms: projects ${ackedProjects.length}/${PROJECTS}, scores ${ackedScores.length}/${SCORES} acknowledged; ${refused.length} refused with a 4xx`);
  check(refused.length === 0, `no write refused before the kill ${refused.length ? JSON.stringify(refused[0].body) : ''}`);

  if (backend === 'sqlite') {
    const file = path.join(dir, 'data', 'platform.db');
    console.log(`  after the kill: ${fs.existsSync(`${file}-wal`) ? `a WAL file of ${fs.statSync(`${file}-wal`).size} bytes` : 'no WAL file'} beside the database`);
    await db.close(); // our own connection; the next opens the file as the restarted server will
    const raw = new Sqlite(file);
    check(raw.pragma('integrity_check', { simple: true }) === 'ok', 'the SQLite file opens clean (integrity_check ok)');
    raw.close();
  }
  server = startInstance({ port, log, env });
  await server.waitReady();
  if (backend === 'sqlite') db = await openDb();

  const rows = await db.all(`select p.name, (select count(*) from pms_project_member m where m.project_id = p.id) as members
    from pms_project p where p.name like ?`, [`crash-${run}-%`]);
  const count = new Map();
  for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  check(ackedProjects.every((i) => count.get(`crash-${run}-${i}`) === 1), `every acknowledged project (${ackedProjects.length}) is stored exactly once`);
  check([...count.values()].every((n) => n === 1), 'no project stored twice');
  check(rows.every((r) => Number(r.members) === 2), `every stored project has its two team members (${rows.length} projects)`);
  const sheets = await db.all(`select id, state, total, submit_time from pms_project_review where id in (${reviews.map(() => '?').join(',')})`, reviews);
  const byId = new Map(sheets.map((s) => [s.id, s]));
  check(ackedScores.every((id) => byId.get(id)?.state === 'submitted' && byId.get(id)?.total !== null), `every acknowledged score (${ackedScores.length}) is submitted with its total`);
  check(sheets.every((s) => s.state !== 'submitted' || (s.total !== null && s.submit_time)), 'no sheet submitted without its total and time');
  const committedUnacked = rows.length - ackedProjects.length + sheets.filter((s) => s.state === 'submitted').length - ackedScores.length;
  console.log(`  written but not acknowledged (the reply was lost with the process): ${committedUnacked}`);

  // What the user was not told went through is sent again (a project already in their list is not).
  const token = { applicant: await login(server.url, 'applicant'), expert: await login(server.url, 'expert') };
  let resent = 0;
  const again = [];
  for (let i = 0; i < PROJECTS; i++) {
    if (count.has(`crash-${run}-${i}`)) continue;
    resent++;
    again.push(declare(i, token.applicant));
  }
  for (const s of sheets) {
    if (s.state === 'submitted') continue;
    resent++;
    again.push(score(s.id, token.expert));
  }
  const resentResults = await Promise.all(again);
  check(resentResults.every((r) => r.body?.success), `all ${resent} resubmissions succeed`);
  const final = await db.all('select count(*) as n, count(distinct name) as d from pms_project where name like ?', [`crash-${run}-%`]);
  check(Number(final[0].n) === PROJECTS && Number(final[0].d) === PROJECTS, `in the end ${PROJECTS} projects, each once`);
  const submitted = await db.all(`select count(*) as n from pms_project_review where state = 'submitted' and id in (${reviews.map(() => '?').join(',')})`, reviews);
  check(Number(submitted[0].n) === SCORES, `in the end ${SCORES} sheets submitted`);
} finally {
  await db?.close();
  await server.kill('SIGTERM');
  if (backend === 'postgres') {
    const c = new pg.Client({ connectionString: pgAdmin });
    await c.connect();
    await c.query(`drop database if exists "${dbName}" with (force)`);
    await c.end();
  }
  if (!failures.length) fs.rmSync(dir, { recursive: true, force: true });
}
console.log(failures.length ? `\n${failures.length} check(s) failed (server log: ${log})` : '\nall checks passed');
process.exit(failures.length ? 1 : 0);
