// The database goes away for OUTAGE_SECONDS (30) and comes back: every request in between must be
// answered quickly with a clear 503 (never hang), /health stays up while /ready says the database is
// down, and the server serves again by itself once PostgreSQL is back, with no restart.
//
//   node scripts/faults/db-outage.mjs          (a PostgreSQL cluster of its own on port 55433, data under /tmp/contest-faults)
//
// Environment: OUTAGE_SECONDS, FAULT_PG_PORT (55433), FAULT_PORT (18144), FAULT_DIR (/tmp/contest-faults).
import path from 'node:path';
import fs from 'node:fs';
import { ADMIN_PASSWORD, call, login, percentile, sleep, startInstance, throwawayPostgres } from './lib.mjs';

const outageSeconds = Number(process.env.OUTAGE_SECONDS ?? 30);
const dir = process.env.FAULT_DIR ?? '/tmp/contest-faults';
const port = Number(process.env.FAULT_PORT ?? 18144);
const pg = throwawayPostgres({ dir: path.join(dir, 'pg-outage'), port: Number(process.env.FAULT_PG_PORT ?? 55433) });
/** An answer during the outage slower than this is a hang. */
const FAST_MS = 6_000;

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

pg.init();
pg.start();
pg.createDatabase('outage');
fs.mkdirSync(dir, { recursive: true });
const log = path.join(dir, 'db-outage-server.log');
const server = startInstance({ port, log, env: { DATABASE_URL: pg.url('outage'), DATA_DIR: path.join(dir, 'outage-data'), JOBS: 'on' } });
try {
  await server.waitReady();
  const token = await login(server.url, 'admin');
  const list = () => call(server.url, 'GET', '/jeecg-boot/sys/position/list?pageSize=5', { token });
  check((await list()).status === 200, 'serves before the outage');

  console.log(`stopping PostgreSQL for ${outageSeconds} s`);
  pg.stop();
  const answers = [];
  const logins = [];
  const health = [];
  const ready = [];
  const until = Date.now() + outageSeconds * 1000;
  let n = 0;
  while (Date.now() < until) {
    n++;
    const [read, write, again, h, r] = await Promise.all([
      list(),
      call(server.url, 'POST', '/jeecg-boot/sys/position/add', { token, body: { code: `outage${n}`, name: `停库${n}`, postRank: '1' } }),
      call(server.url, 'POST', '/jeecg-boot/sys/login', { body: { username: 'admin', password: ADMIN_PASSWORD } }),
      call(server.url, 'GET', '/health'),
      call(server.url, 'GET', '/ready'),
    ]);
    answers.push(read, write);
    logins.push(again);
    health.push(h);
    ready.push(r);
    await sleep(250);
  }
  const tally = (list) => {
    const by = {};
    for (const a of list) {
      const key = a.status === 0 ? `no answer (${a.error})` : `${a.status} ${a.body?.message ?? ''}`;
      by[key] = (by[key] ?? 0) + 1;
    }
    return by;
  };
  const ms = [...answers, ...logins].map((a) => a.ms);
  console.log(`during the outage: ${answers.length} reads and writes`, tally(answers));
  console.log(`  and ${logins.length} logins with the right password`, tally(logins));
  console.log(`  time to answer: p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`);
  check(answers.every((a) => a.status === 503 && a.body?.code === 503 && /数据库/.test(a.body?.message)), 'every read and write answered 503 with a database message in the envelope');
  check(Math.max(...ms) < FAST_MS, `no answer took ${FAST_MS} ms or more`);
  check([...answers, ...logins].every((a) => a.status !== 0 && !/select|insert|ECONN|postgres/i.test(JSON.stringify(a.body))), 'every request answered, no SQL or driver text in any answer');
  check(health.every((h) => h.status === 200), '/health stayed 200 (the process is alive: do not restart it)');
  check(ready.every((r) => r.status === 503 && r.body?.checks?.database?.ok === false), '/ready answered 503 with the database check failed');

  console.log('starting PostgreSQL again');
  const back = Date.now();
  pg.start();
  let recovered = -1;
  for (let i = 0; i < 120; i++) {
    if ((await list()).status === 200) { recovered = (Date.now() - back) / 1000; break; }
    await sleep(250);
  }
  console.log(`  serving again ${recovered.toFixed(2)} s after PostgreSQL started`);
  check(recovered >= 0 && recovered < 10, 'serves again within 10 s, without a restart');
  check((await call(server.url, 'POST', '/jeecg-boot/sys/position/add', { token, body: { code: 'after1', name: '恢复后', postRank: '1' } })).body?.success === true, 'writes again');
  check(!!(await login(server.url, 'reviewer')), 'logs in again');
  const admin = await call(server.url, 'POST', '/jeecg-boot/sys/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  check(admin.body?.success === true, `logins answered 503 during the outage were not counted as failures (admin, right password: ${admin.body?.message})`);
  check((await call(server.url, 'GET', '/ready')).status === 200, '/ready is 200 again');
  check(server.proc.exitCode === null, 'the same process all along');
} finally {
  await server.kill('SIGTERM');
  pg.destroy();
}
console.log(failures.length ? `\n${failures.length} check(s) failed (server log: ${log})` : '\nall checks passed');
process.exit(failures.length ? 1 : 0);
