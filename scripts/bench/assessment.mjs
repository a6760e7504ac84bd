// Personnel-assessment benchmark (not a test). 1. 开始考核 of a plan over PEOPLE people in DEPTS
// departments, each assessed by themself, their department head and 3 colleagues (PEOPLE × 5 tasks),
// timed as the transition runs it: startPlan inside one inTransaction (resolve the people, batched
// INSERTs of tasks and result rows, one notice to every assessor). 2. The results of such a plan
// once the sheets are in (a tenth of the heads' sheets left open, so those are renormalised):
// computeResults (scoring.ts's weighted aggregation, grades, ranking per department) next to one SQL
// aggregate computing the same totals, grades and ranks, answers compared.
// Aims (issue 14): start < 2 s for 10,000 tasks; results ≤ 1.5 × the SQL aggregate.
// Usage: node scripts/bench/assessment.mjs
//   env PEOPLE=2000  DEPTS=40  DB=sqlite|postgres  ROUNDS=3 (plans started; median)  RESULT_ROUNDS=5
//       PG_URL=postgres://postgres@127.0.0.1:5432/test (admin connection; a throw-away database is made and dropped)
import fs from 'node:fs';
import path from 'node:path';
import { machineLine, throwawayPostgres, throwawayRoot } from './lib/load.mjs';
import { serverModules } from './lib/server-modules.mjs';

const PEOPLE = Number(process.env.PEOPLE ?? 2000);
const DEPTS = Number(process.env.DEPTS ?? 40);
const DB = (process.env.DB ?? 'sqlite').toLowerCase();
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const RESULT_ROUNDS = Number(process.env.RESULT_ROUNDS ?? 5);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const AIM_START_MS = 2000, AIM_RATIO = 1.5;
const WEIGHTS = { self: 10, head: 40, peer: 50 };

const { bootstrap, readConfig, inTransaction, startPlan, computeResults, endPlan, sql } = await serverModules([
  'src/server/bootstrap.ts', 'src/server/config.ts', 'src/server/db/transaction.ts', 'src/server/modules/assessment/start.ts',
  'src/server/modules/assessment/results.ts', 'src/server/modules/assessment/end.ts', 'kysely',
]);

const root = throwawayRoot('bench-assess-');
let pgDrop, ctx;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (fn) => { const t = performance.now(); const out = await fn(); return { ms: performance.now() - t, out }; };
const now = '2026-11-25 09:00:00';

async function insertBatched(db, table, rows) {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto(table).values(rows.slice(i, i + 500)).execute();
}

try {
  let databaseUrl = '';
  if (DB === 'postgres') ({ drop: pgDrop, url: databaseUrl } = await throwawayPostgres(PG_URL, 'bench_assess'));
  Object.assign(process.env, { DATA_DIR: path.join(root, 'data'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off' });
  ({ ctx } = await bootstrap({ ...readConfig(process.env), adminPassword: 'Bench-Assess-2026' }, root));
  const db = ctx.db;

  // The organisation: DEPTS departments of PEOPLE / DEPTS people under 考核中心, and their heads in 管理层 (not assessed).
  console.log(`preparing ${PEOPLE.toLocaleString('en')} people in ${DEPTS} departments on ${DB}…`);
  const depart = (id, parentId, name, orgCode) => ({ id, parentId, departName: name, orgCode, orgCategory: '2', orgType: parentId ? '2' : '1', status: '1', delFlag: '0', departOrder: 0, createBy: 'bench', createTime: now });
  const user = (id, username, extra = {}) => ({ id, username, realname: username, password: 'x', status: 1, delFlag: 0, userIdentity: 1, departIds: null, createBy: 'bench', createTime: now, ...extra });
  await insertBatched(db, 'sys_depart', [depart('bd-root', null, '考核中心', 'B01'), depart('bd-heads', null, '管理层', 'B02'),
    ...Array.from({ length: DEPTS }, (_, d) => depart(`bd-${d}`, 'bd-root', `部门${d}`, `B01A${String(d).padStart(3, '0')}`))]);
  await insertBatched(db, 'sys_user', [
    ...Array.from({ length: DEPTS }, (_, d) => user(`bh-${d}`, `head${d}`, { userIdentity: 2, departIds: `bd-${d}` })),
    ...Array.from({ length: PEOPLE }, (_, i) => user(`bu-${i}`, `staff${String(i).padStart(5, '0')}`)),
  ]);
  await insertBatched(db, 'sys_user_depart', [
    ...Array.from({ length: DEPTS }, (_, d) => ({ id: `bhd-${d}`, userId: `bh-${d}`, depId: 'bd-heads' })),
    ...Array.from({ length: PEOPLE }, (_, i) => ({ id: `bud-${i}`, userId: `bu-${i}`, depId: `bd-${i % DEPTS}` })),
  ]);
  const plan = (id) => ({
    id, name: `基准考核${id}`, periodType: 'quarter', periodStart: '2026-10-01', periodEnd: '2026-12-31', assesseeDeparts: 'bd-root', assesseeRoles: null,
    weightSelf: WEIGHTS.self, weightHead: WEIGHTS.head, weightPeer: WEIGHTS.peer, weightChosen: 0, peerCount: 3, chosenAssessors: null,
    gradeExcellent: 90, gradeGood: 80, gradePass: 60, state: 'draft', createBy: 'bench', createTime: now,
  });
  const indicators = (planId) => [['工作业绩', 40], ['专业能力', 30], ['工作态度', 20], ['团队协作', 10]]
    .map(([name, weight], k) => ({ id: `${planId}-i${k}`, planId, name, weight, maxScore: 10, sortNo: k + 1, createBy: 'bench', createTime: now }));

  // 1. Starting a plan.
  const starts = [];
  let tasks = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const id = `bp${r}`;
    await db.insertInto('assess_plan').values(plan(id)).execute();
    await insertBatched(db, 'assess_indicator', indicators(id));
    const { ms, out } = await time(() => inTransaction(db, (tx) => startPlan(tx, id, 'admin')));
    starts.push(ms);
    tasks = out;
  }
  const made = Number((await db.selectFrom('assess_task').select((eb) => eb.fn.countAll().as('n')).where('planId', '=', 'bp0').executeTakeFirstOrThrow()).n);
  if (made !== PEOPLE * 5 || tasks !== made) throw new Error(`expected ${PEOPLE * 5} tasks, startPlan made ${tasks}, the table holds ${made}`);

  // 2. Results of plan bp0 with its sheets in: totals 50–99.9, one head sheet in ten still open.
  await sql`update assess_task set state = 'submitted', total = 50 + ((length(assessee) * 7 + length(assessor) * 13 + cast('0' || substr(assessor, 6) as integer) % 500) % 500) / 10.0
    where plan_id = 'bp0' and not (kind = 'head' and cast('0' || substr(assessee, 6) as integer) % 10 = 0)`.execute(db);
  // Fresh tables: let PostgreSQL plan from statistics, as it would once autovacuum has run.
  if (DB === 'postgres') await sql`analyze assess_task, assess_result`.execute(db);
  const planRow = await db.selectFrom('assess_plan').selectAll().where('id', '=', 'bp0').executeTakeFirstOrThrow();
  const aggregateSql = sql`with w(kind, weight) as (values ('self', ${sql.lit(WEIGHTS.self)}), ('head', ${sql.lit(WEIGHTS.head)}), ('peer', ${sql.lit(WEIGHTS.peer)})),
    k as (select assessee, kind, round(avg(total), 2) as score from assess_task where plan_id = 'bp0' and state = 'submitted' group by assessee, kind),
    p as (select r.assessee as who, r.depart_id as dept, round(sum(k.score * w.weight) / sum(w.weight), 2) as total
          from assess_result r join k on k.assessee = r.assessee join w on w.kind = k.kind where r.plan_id = 'bp0' group by r.assessee, r.depart_id)
    select who, dept, total, case when total >= 90 then 'excellent' when total >= 80 then 'good' when total >= 60 then 'pass' else 'fail' end as grade,
      rank() over (partition by dept order by total desc) as place from p`;
  const readSheets = () => db.selectFrom('assess_task').select(['assessee', 'departId', 'kind', 'total']).where('planId', '=', 'bp0').where('state', '=', 'submitted').execute();
  const engineMs = [], sqlMs = [], readMs = [];
  let engineOut, sqlOut;
  for (let r = 0; r < RESULT_ROUNDS; r++) {
    const a = await time(() => computeResults(db, planRow)); engineMs.push(a.ms); engineOut = a.out;
    const b = await time(() => aggregateSql.execute(db)); sqlMs.push(b.ms); sqlOut = b.out.rows;
    readMs.push((await time(readSheets)).ms);
  }
  const bySql = new Map(sqlOut.map((x) => [x.who, x]));
  // Both round each kind's mean and the total to cents, in floating point: a half cent may round apart.
  let sameTotal = 0, exact = 0, sameRank = 0;
  for (const e of engineOut) {
    const s = bySql.get(e.assessee);
    if (s && Math.abs(Number(s.total) - e.result.total) < 0.0101 && s.grade === e.grade) sameTotal += 1;
    if (s && Number(s.total) === e.result.total) exact += 1;
    if (s && Number(s.place) === e.rank) sameRank += 1;
  }
  if (sameTotal !== PEOPLE) throw new Error(`totals and grades differ for ${PEOPLE - sameTotal} of ${PEOPLE} people`);
  const renormalised = engineOut.filter((e) => e.result.renormalised).length;

  const sheetsRead = (await readSheets()).length;
  // 3. Ending it: open tasks to 未完成, the results written onto 考核实例.
  const ended = await time(() => inTransaction(db, (tx) => endPlan(tx, 'bp0')));
  const start = median(starts), eng = median(engineMs), bare = median(sqlMs);
  console.log(`\n${DB}, ${PEOPLE.toLocaleString('en')} people × 5 assessors, ${DEPTS} departments; median of ${ROUNDS} starts and ${RESULT_ROUNDS} result runs`);
  console.log(`  开始考核 (startPlan in one transaction, ${made.toLocaleString('en')} tasks + ${PEOPLE} results + 1 notice): ${start.toFixed(0)} ms  [${starts.map((x) => x.toFixed(0)).join(', ')}]  aim < ${AIM_START_MS} ms: ${start < AIM_START_MS ? 'met' : 'MISSED'}`);
  console.log(`  results: computeResults ${eng.toFixed(0)} ms, one SQL aggregate ${bare.toFixed(0)} ms, ratio ${(eng / bare).toFixed(2)} (of which reading the ${sheetsRead.toLocaleString('en')} submitted sheets alone: ${median(readMs).toFixed(0)} ms)  aim ≤ ${AIM_RATIO}: ${eng / bare <= AIM_RATIO ? 'met' : 'MISSED'}`);
  console.log(`  结束考核 (open tasks to 未完成, ${engineOut.length} results written, in one transaction): ${ended.ms.toFixed(0)} ms`);
  console.log(`  same totals (±0.01) and grades for ${sameTotal}/${PEOPLE}, to the cent for ${exact} (${renormalised} renormalised); same department rank for ${sameRank} (SQL rank() shares ties the engine breaks by the mean of all sheets)`);
  console.log(`  ${machineLine()}`);
} finally {
  await ctx?.db.destroy().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
  if (pgDrop) await pgDrop();
}
