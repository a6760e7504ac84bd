// What every login asks for, at a province's size (not a test). Starts the compiled server (`npm start`'s,
// dist/server) on a throwaway data folder, adds PROJECTS projects (copies of the seeded ones, spread over
// the states and the last 40 days), then measures per user (administrator, reviewer, applicant):
//  - 首页 (`/sys/dashboard/analysis`): median and p90 of 30 requests one after another, beside its two
//    statements over every project (by state, track and province; by day) sent bare on a connection of
//    the bench's own, the floor for the administrator;
//  - the routes a login asks for after the login itself (captured in Chromium): the menu, the notice bell,
//    首页, the page schemas' preferences: requests a second with 20 connections for DURATION seconds;
//  - an applicant's notice bell (5 connections) while 20 administrators ask for 首页 at once: its p50/p95.
// 首页 is measured twice: counted anew (DASHBOARD_KEEP_MS=0), and as the server answers it by default
// (figures that took 50 ms or more kept 10 s per row-rule scope). Counted anew, requests that arrive
// while a count of their scope is under way still share it: on PostgreSQL, not on SQLite, whose
// statements hold the thread until the count is done.
// Usage: node scripts/bench/landing.mjs   env PROJECTS (200000), DURATION (4), DATABASE_URL (PostgreSQL:
//        a throwaway database is made on that server and dropped after).
import autocannon from 'autocannon';
import { machineLine, pct } from './lib/load.mjs';
import { drain as drainServer, loginTo, openProductDb, startProduct, throwawayProduct } from './lib/product.mjs';

const PROJECTS = Number(process.env.PROJECTS ?? 200_000);
const DURATION = Number(process.env.DURATION ?? 4);
const PASSWORD = 'Bench-Landing-2025';
const STATES = ['draft', 'submitted', 'passed', 'rejected', 'returned'];
const USERS = ['admin', 'reviewer', 'applicant'];

const { dataDir, pgUrl, port, api, dispose } = await throwawayProduct('landing', 18600);

const startServer = (env = {}) => startProduct({ dataDir, pgUrl: pgUrl, port, password: PASSWORD, env });

/** Copies of the seeded projects: every fifth a draft, the others submitted over the last 40 days. */
async function addProjects(db) {
  const seeded = await db.all('select * from pms_project');
  const cols = Object.keys(seeded[0]);
  const day = (n) => new Date(Date.now() - (n % 40) * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  for (let start = 0; start < PROJECTS; start += 20_000) {
    const rows = [];
    for (let n = start; n < Math.min(PROJECTS, start + 20_000); n++) {
      const state = STATES[n % 5];
      rows.push({ ...seeded[n % seeded.length], id: `bench${n}`, state, submit_time: state === 'draft' ? null : day(n), create_by: `bench${n % 5000}` });
    }
    await db.insert('pms_project', cols, rows);
  }
  await db.run(pgUrl ? 'vacuum analyze pms_project' : 'analyze pms_project');
}

const login = (username) => loginTo(api, username, PASSWORD);

async function timed(fn, n = 30) {
  await fn();
  const times = [];
  for (let i = 0; i < n; i++) { const t = performance.now(); await fn(); times.push(performance.now() - t); }
  return times.sort((a, b) => a - b);
}

const ROUTES = ['/sys/permission/getUserPermissionByToken', '/sys/annountCement/listByUser', '/sys/dashboard/analysis', '/sys/account/preferences'];

let server;
try {
  console.log(`landing: ${PROJECTS.toLocaleString('en')} projects, ${pgUrl ? 'PostgreSQL' : 'SQLite'}`);
  server = await startServer(); // migrates and seeds
  await server.stop();
  const db = await openProductDb({ dataDir, pgUrl: pgUrl });
  const t0 = performance.now();
  await addProjects(db);
  console.log(`  projects added in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The floor: 首页's two statements over pms_project, bare (the figures by state, track and province; the days).
  const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const floor = await timed(async () => {
    await db.all('select state, track, region, count(*) as n from pms_project group by state, track, region');
    await db.all('select substr(submit_time, 1, 10) as day, count(*) as n from pms_project where submit_time >= ? group by substr(submit_time, 1, 10)', [`${since} 00:00:00`]);
  });
  const line = (cells) => console.log(`  ${cells.map((c, i) => String(c).padEnd(i ? 12 : 44)).join('')}`);
  const tokens = {};
  const rate = async (route, user) => {
    const res = await autocannon({ url: `${api}${route}`, connections: 20, duration: DURATION, headers: { 'x-access-token': tokens[user] } });
    if (res.non2xx || res.errors) throw new Error(`${route} as ${user}: ${res.non2xx} non-2xx, ${res.errors} errors`);
    await drainServer(port);
    return Math.round(res.requests.average);
  };
  /** The applicant's bell, 5 connections, while 20 administrators ask for 首页. */
  const bellUnderDashboards = async () => {
    const [bell] = await Promise.all([
      autocannon({ url: `${api}/sys/annountCement/listByUser`, connections: 5, duration: DURATION, headers: { 'x-access-token': tokens.applicant } }),
      autocannon({ url: `${api}/sys/dashboard/analysis`, connections: 20, duration: DURATION, headers: { 'x-access-token': tokens.admin } }),
    ]);
    await drainServer(port);
    return `${bell.latency.p50} / ${bell.latency.p97_5} ms`;
  };
  const modes = [['counted anew (DASHBOARD_KEEP_MS=0)', { DASHBOARD_KEEP_MS: '0' }], ['as served by default (costly figures kept 10 s)', {}]];
  const perMode = [];
  for (const [mode, env] of modes) {
    server = await startServer(env);
    for (const user of USERS) tokens[user] = await login(user);
    console.log(`\n  首页 ${mode}, one request after another (ms)`);
    line(['', 'median', 'p90']);
    if (!perMode.length) line(['its two grouped statements, bare (floor)', pct(floor, 0.5).toFixed(1), pct(floor, 0.9).toFixed(1)]);
    for (const user of USERS) {
      const headers = { 'x-access-token': tokens[user] };
      const times = await timed(async () => {
        const res = await fetch(`${api}/sys/dashboard/analysis`, { headers }).then((r) => r.json());
        if (!res.success) throw new Error(`首页 of ${user}: ${res.message}`);
      });
      line([`首页 as ${user}`, pct(times, 0.5).toFixed(1), pct(times, 0.9).toFixed(1)]);
    }
    const dashboards = [];
    for (const user of USERS) dashboards.push(await rate('/sys/dashboard/analysis', user));
    perMode.push({ mode, dashboards, bell: await bellUnderDashboards() });
    if (perMode.length < modes.length) await server.stop();
  }
  console.log(`\n  what a login asks for, 20 connections, ${DURATION} s each (requests a second)`);
  line(['route', ...USERS]);
  for (const route of ROUTES.filter((r) => r !== '/sys/dashboard/analysis')) {
    const rates = [];
    for (const user of USERS) rates.push(await rate(route, user));
    line([route, ...rates]);
  }
  for (const m of perMode) line([`首页, ${m.mode.replace(/ \(.*/, '')}`, ...m.dashboards]);
  console.log(`\n  an applicant's bell (5 connections) while 20 administrators ask for 首页, p50 / p97.5`);
  for (const m of perMode) line([`首页 ${m.mode.replace(/ \(.*/, '')}`, m.bell]);
  console.log(`\n  ${machineLine()}`);
  await db.close();
} finally {
  await server?.stop();
  await dispose();
}
