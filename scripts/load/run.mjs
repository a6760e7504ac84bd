// USERS simulated people against the cluster (scripts/cluster/up.sh) for DURATION_S seconds:
// applicants log in, open their menu and lists, declare projects and submit them; experts open
// their sheets, save scores and submit. Each person waits 1-3 s between steps, as a person would.
// Prints the error rate, p50/p95/p99 per route, and each instance's heap after minute 1 and at the end.
//
//   scripts/cluster/up.sh && node scripts/load/run.mjs
//   USERS=60 DURATION_S=80 node scripts/load/run.mjs       # a short proof that it works
//
// Environment: BASE_URL (http://127.0.0.1:18140), INSTANCE_URLS (comma list; default the 3 ports
// after BASE_URL's), USERS (500), DURATION_S (600), ADMIN_PASSWORD.
// Every person has an account of their own, made first (load<run>_<n>): the login brake rightly
// slows several logins of one account sent together from one address.
import { randomBytes } from 'node:crypto';
import { ADMIN_PASSWORD, call, login, percentile, sleep } from '../faults/lib.mjs';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:18140';
const basePort = Number(new URL(base).port);
const instances = (process.env.INSTANCE_URLS ?? [1, 2, 3].map((i) => `http://127.0.0.1:${basePort + i}`).join(',')).split(',');
const USERS = Number(process.env.USERS ?? 500);
const DURATION_S = Number(process.env.DURATION_S ?? 600);
const run = randomBytes(2).toString('hex');
const api = (p) => `/jeecg-boot${p}`;

/** Per route: latencies and failures. */
const stats = new Map();
function record(route, res) {
  let s = stats.get(route);
  if (!s) stats.set(route, (s = { ms: [], errors: 0, samples: [] }));
  s.ms.push(res.ms);
  const ok = res.status === 200 && (typeof res.body !== 'object' || res.body?.success !== false);
  if (!ok) {
    s.errors++;
    if (s.samples.length < 3) s.samples.push(res.status ? `${res.status} ${res.body?.message ?? ''}` : `no answer ${res.error}`);
  }
  return res;
}
const timed = async (route, method, p, opts) => record(route, await call(base, method, api(p), opts));

async function heaps(adminToken) {
  return Promise.all(instances.map(async (url) => {
    const res = await call(url, 'GET', api('/metrics'), { token: adminToken });
    const m = typeof res.body === 'string' && res.body.match(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\d+(?:\.\d+)?)/m);
    return m ? Math.round(Number(m[1]) / 1048576) : null;
  }));
}

// --- setup: applicant accounts, sheets for the experts ------------------------------------------------
const admin = await login(base, 'admin');
const raceId = (await call(base, 'GET', api('/pms/race/list?pageSize=50'), { token: admin })).body.result.records.find((r) => Number(r.isCurrent) === 1)?.id;
if (!raceId) throw new Error('no current contest (pms_race.is_current = 1)');
const roleIds = {};
for (const code of ['applicant', 'expert', 'reviewer']) {
  roleIds[code] = (await call(base, 'GET', api(`/sys/role/list?roleCode=${code}`), { token: admin })).body.result.records[0].id;
}
/** Person n's part: one in ten an expert, one in twenty a reviewer, the others applicants. */
const roleOf = (n) => (n % 10 === 9 ? 'expert' : n % 20 === 4 ? 'reviewer' : 'applicant');
const account = (n) => `load${run}_${n}`;
console.log(`setup: ${USERS} accounts (${account('*')})`);
let made = 0;
await Promise.all(Array.from({ length: 4 }, async () => {
  while (made < USERS) {
    const n = made++;
    const res = await call(base, 'POST', api('/sys/user/add'), { token: admin, body: { username: account(n), realname: `压测${n}`, password: ADMIN_PASSWORD, selectedroles: roleIds[roleOf(n)] } });
    if (!res.body?.success) throw new Error(`setup: ${JSON.stringify(res.body)}`);
  }
}));
await call(base, 'POST', api('/pms/project/assignExperts'), { token: admin, body: { auto: true } });

// --- people --------------------------------------------------------------------------------------
const until = Date.now() + DURATION_S * 1000;
const think = () => sleep(1000 + Math.random() * 2000);

async function applicant(n) {
  const res = await timed('POST /sys/login', 'POST', '/sys/login', { body: { username: account(n), password: ADMIN_PASSWORD } });
  const token = res.body?.result?.token;
  if (!token) return;
  await timed('GET /sys/permission/getUserPermissionByToken', 'GET', '/sys/permission/getUserPermissionByToken', { token });
  let k = 0;
  while (Date.now() < until) {
    await think();
    await timed('GET /pms/project/list', 'GET', '/pms/project/list?pageNo=1&pageSize=10', { token });
    await think();
    await timed('GET /sys/annountCement/listByUser', 'GET', '/sys/annountCement/listByUser?pageSize=5', { token });
    if (Date.now() >= until) break;
    await think();
    const name = `压测项目-${run}-${n}-${k++}`;
    const add = await timed('POST /pms/project/add', 'POST', '/pms/project/add', { token, body: {
      raceId, name, track: 'it', orgName: '压测科技有限公司', leader: '王工', leaderPhone: '13800138000',
      pms_project_memberList: [{ name: '李一', role: '技术负责人' }, { name: '赵二', role: '市场' }],
    } });
    if (!add.body?.success) continue;
    const mine = await timed('GET /pms/project/list?name=', 'GET', `/pms/project/list?name=${encodeURIComponent(name)}`, { token });
    const id = mine.body?.result?.records?.[0]?.id;
    if (!id) continue;
    await think();
    await timed('GET /pms/project/queryById', 'GET', `/pms/project/queryById?id=${id}`, { token });
    await timed('POST /pms/project/transition submit', 'POST', '/pms/project/transition', { token, body: { id, transition: 'submit' } });
  }
}

async function expert(n) {
  const res = await timed('POST /sys/login', 'POST', '/sys/login', { body: { username: account(n), password: ADMIN_PASSWORD } });
  const token = res.body?.result?.token;
  if (!token) return;
  while (Date.now() < until) {
    await think();
    const list = await timed('GET /pms/review/list', 'GET', '/pms/review/list?pageNo=1&pageSize=20', { token });
    const open = (list.body?.result?.records ?? []).filter((r) => r.state === 'pending' || r.state === 'draft');
    if (!open.length) continue;
    const review = open[Math.floor(Math.random() * open.length)];
    await think();
    const sheet = await timed('GET /pms/review/sheet', 'GET', `/pms/review/sheet?id=${review.id}`, { token });
    const indicators = sheet.body?.result?.indicators;
    if (!indicators) continue;
    const scores = Object.fromEntries(indicators.map((ind) => [ind.id, Math.round(ind.maxScore * (0.6 + Math.random() * 0.4))]));
    await think();
    // The same person may come back to a sheet they submitted a moment ago (the list was read
    // before): a save or submit then is refused (409 当前状态「已提交」), as it should be.
    const saved = await call(base, 'PUT', api('/pms/review/edit'), { token, body: { id: review.id, scores: JSON.stringify(scores), comment: '压测评语' } });
    record('PUT /pms/review/edit', saved.status === 409 ? { ...saved, status: 200, body: { success: true } } : saved);
    if (saved.body?.success && Math.random() < 0.3) {
      const submitted = await call(base, 'POST', api('/pms/review/transition'), { token, body: { id: review.id, transition: 'submit' } });
      record('POST /pms/review/transition submit', submitted.status === 409 ? { ...submitted, status: 200, body: { success: true } } : submitted);
    }
  }
}

/** The audit: passes submitted projects, so the experts get new sheets. */
async function reviewer(n) {
  const res = await timed('POST /sys/login', 'POST', '/sys/login', { body: { username: account(n), password: ADMIN_PASSWORD } });
  const token = res.body?.result?.token;
  if (!token) return;
  while (Date.now() < until) {
    await think();
    const list = await timed('GET /pms/project/list?state=submitted', 'GET', '/pms/project/list?state=submitted&pageNo=1&pageSize=10', { token });
    const queue = list.body?.result?.records ?? [];
    if (!queue.length) continue;
    const pick = queue[Math.floor(Math.random() * queue.length)];
    await think();
    // Another reviewer may have passed it a moment ago: 409 is the right answer then.
    const passed = await call(base, 'POST', api('/pms/project/transition'), { token, body: { id: pick.id, transition: 'pass', opinion: '材料齐全' } });
    record('POST /pms/project/transition pass', passed.status === 409 ? { ...passed, status: 200, body: { success: true } } : passed);
  }
}

/** The administrator assigns experts to the newly passed projects every 15 s. */
async function assigner() {
  while (Date.now() < until) {
    await sleep(15_000);
    await timed('POST /pms/project/assignExperts auto', 'POST', '/pms/project/assignExperts', { token: admin, body: { auto: true } });
  }
}

console.log(`${USERS} people for ${DURATION_S} s against ${base} (instances ${instances.join(', ')})`);
const heapStart = await heaps(admin);
let heapMinute1 = null;
const minute = setTimeout(async () => { heapMinute1 = await heaps(admin); }, 60_000);
const started = Date.now();
await Promise.all(Array.from({ length: USERS }, async (_, n) => {
  await sleep(Math.random() * Math.min(30_000, DURATION_S * 250)); // arrivals spread over the first half-minute
  return { expert, reviewer, applicant }[roleOf(n)](n);
}).concat(assigner()));
clearTimeout(minute);
const heapEnd = await heaps(admin);

// --- report --------------------------------------------------------------------------------------
let total = 0;
let errors = 0;
const rows = [...stats.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([route, s]) => {
  total += s.ms.length;
  errors += s.errors;
  return { route, requests: s.ms.length, errors: s.errors, p50: percentile(s.ms, 50).toFixed(1), p95: percentile(s.ms, 95).toFixed(1), p99: percentile(s.ms, 99).toFixed(1), firstErrors: s.samples.join(' | ') };
});
const seconds = (Date.now() - started) / 1000;
console.log(`\n${total} requests in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(1)}/s), ${errors} errors (${((errors / Math.max(total, 1)) * 100).toFixed(2)} %)`);
console.table(rows);
console.log(`heap used per instance (MB): start ${heapStart.join(' / ')}, after minute 1 ${heapMinute1?.join(' / ') ?? 'n/a (run shorter than a minute)'}, end ${heapEnd.join(' / ')}`);
process.exit(errors ? 1 : 0);
