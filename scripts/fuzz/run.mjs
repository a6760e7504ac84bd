// Malformed requests against every route of the server's own inventory (its OpenAPI document,
// /jeecg-boot/v3/api-docs): wrong types, huge and negative numbers, deep and huge JSON, broken
// multipart, unknown fields, SQL and script fragments, path traversal names, unicode oddities — as
// an applicant, then as the administrator. Seeded, so a failure can be replayed.
// Asserts: no 5xx (503 excepted), no stack or SQL text in an error reply, no table the applicant
// may not write changed by the applicant's half, and the server healthy afterwards.
//
//   node scripts/fuzz/run.mjs                    # 10,000 requests, seed 1, SQLite under /tmp/contest-fuzz
//   FUZZ_SEED=7 FUZZ_REQUESTS=2000 node scripts/fuzz/run.mjs
//   FUZZ_DB=postgres node scripts/fuzz/run.mjs   # a new database on PG_URL's server
//
// Environment: FUZZ_SEED (1), FUZZ_REQUESTS (10000), FUZZ_CONCURRENCY (8), FUZZ_PORT (18147), FUZZ_DIR.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { ADMIN_PASSWORD, call, login, startInstance } from '../faults/lib.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 1);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const port = Number(process.env.FUZZ_PORT ?? 18147);
const dir = process.env.FUZZ_DIR ?? '/tmp/contest-fuzz';

// --- a seeded random source (mulberry32) ---------------------------------------------------------
let state = SEED >>> 0;
const rand = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const chance = (p) => rand() < p;

// --- hostile values ----------------------------------------------------------------------------------
const nested = (depth) => { let v = {}; for (let i = 0; i < depth; i++) v = { a: v }; return v; };
const STRINGS = [
  "' OR '1'='1", '1; DROP TABLE sys_user; --', "admin'--", '" OR ""="', '1) UNION SELECT password FROM sys_user --', "%' AND 1=1 AND '%'='",
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{7*7}}', '${7*7}', '%s%s%n',
  '../../../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/shadow', 'a/../../b', '....//....//x', '%2e%2e%2f%2e%2e%2f',
  '\u202egnp.exe', '\ud800', '\udfff\ud800', '\u200b\u200b', '𝕏𝕐ℤ🎉👨‍👩‍👧', 'ＡＢＣ１２３', 'e\u0301\u0301\u0301', '\uFEFF', '\r\nX-Injected: 1', 'Ω'.repeat(300),
  '', ' ', 'null', 'undefined', 'true', '[]', '{}', 'NaN', '-0', '0x7fffffff', '1e9999', '-1', '99999999999999999999999', '2026-02-30 25:61:61',
];
const NUMBERS = [-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 0.1 + 0.2, 1.5, 999999999999, Number.MAX_SAFE_INTEGER];
function hostile() {
  switch (Math.floor(rand() * 9)) {
    case 0: return pick(NUMBERS);
    case 1: return pick([true, false, null]);
    case 2: return [pick(STRINGS), pick(NUMBERS), { x: pick(STRINGS) }];
    case 3: return JSON.parse('{"$gt":"","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}');
    case 4: return 'x'.repeat(pick([256, 4096, 70_000]));
    case 5: return nested(pick([20, 200]));
    default: return pick(STRINGS);
  }
}
/** Nesting too deep to build as an object here: written as text. */
const deepJsonText = (depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** A lone surrogate cannot be percent-encoded: it is sent as the bytes of one, which are not UTF-8. */
const encodePath = (text) => { try { return encodeURIComponent(text); } catch { return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`; } };
const asText = (v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));

// --- one malformed request for an operation ---------------------------------------------------------
function params(op, where) {
  return (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
}
function bodyProps(op) {
  const content = op.requestBody?.content ?? {};
  const json = content['application/json'];
  return { names: Object.keys(json?.schema?.properties ?? {}), example: json?.example, multipart: !!content['multipart/form-data'] };
}
function makeRequest(route) {
  const { method, path: template, op } = route;
  let urlPath = template.replace(/\{([^}]+)\}/g, () => encodePath(asText(hostile())).slice(0, 400));
  const query = new URLSearchParams();
  for (const name of params(op, 'query')) if (chance(0.7)) query.append(name, asText(hostile()).slice(0, 3000));
  if (chance(0.3)) query.append(pick(['pageNo', 'pageSize', 'column', 'order', 'id', 'ids', 'superQueryParams', 'sql', 'unknownField']), asText(hostile()).slice(0, 3000));
  const qs = query.toString();
  if (qs) urlPath += `?${qs}`;

  if (method === 'GET' || method === 'DELETE' || method === 'HEAD') return { method, urlPath };
  const { names, example, multipart } = bodyProps(op);
  const kind = rand();
  if (multipart || kind < 0.08) return { method, urlPath, ...brokenMultipart() };
  if (kind < 0.16) return { method, urlPath, contentType: 'application/json', raw: pick(['{', '{"a":', '[1,2', 'null', '"text"', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', 'true']) };
  if (kind < 0.2) return { method, urlPath, contentType: 'application/json', raw: deepJsonText(pick([1000, 10_000, 100_000])) };
  if (kind < 0.23) return { method, urlPath, contentType: 'application/json', raw: JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ i, v: 'x'.repeat(20) }))) };
  if (kind < 0.26) return { method, urlPath, contentType: pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded']), raw: 'a=1&b=<x/>' };
  const body = { ...(example && typeof example === 'object' && !Array.isArray(example) && chance(0.6) ? example : {}) };
  for (const name of names) if (chance(0.6)) body[name] = hostile();
  for (const name of Object.keys(body)) if (chance(0.3)) body[name] = hostile();
  if (chance(0.4)) body[pick(['unknownField', 'isAdmin', 'createBy', 'tenantId', 'delFlag', 'id', 'password'])] = hostile();
  return { method, urlPath, contentType: 'application/json', raw: JSON.stringify(chance(0.05) ? [body] : body) };
}
function brokenMultipart() {
  const boundary = `----fuzz${Math.floor(rand() * 1e9)}`;
  const name = pick(['../../etc/passwd', 'a.pdf', '\u202egnp.exe', 'x'.repeat(300), 'con.txt', '.htaccess', 'a\u0000.pdf'.replace('\u0000', '')]);
  const variants = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\npartial`, // cut short
    `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nno filename\r\n--${boundary}--\r\n`,
    `--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--wrong--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${pick(STRINGS)}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 fuzz\r\n--${boundary}--\r\n`,
    `garbage without any boundary`,
  ];
  return { contentType: chance(0.1) ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`, raw: pick(variants) };
}

// --- what a reply must never hold ------------------------------------------------------------------
const LEAK = /\bat [\w.<>]+ \(|\.ts:\d+|\.js:\d+|node_modules|SQLITE_|sqlite3|syntax error at or near|relation "|column "|violates|duplicate key|\bselect\b[^\n]{0,80}\bfrom\b|\binsert into\b|ECONNREFUSED|TypeError|ReferenceError|Cannot read propert/i;

/** The message less what the caller sent that it may quote back (our own fragments, anything in quotes). */
function withoutEcho(message) {
  let rest = message;
  for (const fragment of STRINGS) if (fragment.length > 3) rest = rest.split(fragment).join('');
  return rest.replace(/"[\s\S]*"/g, '""').replace(/"[^"]*$/, '"');
}

// --- snapshot of the tables the applicant may not write ---------------------------------------------
/** Tables an applicant writes by design (their projects and team, their sessions, logs, receipts, own settings), and the instance's heartbeat. */
const APPLICANT_WRITES = new Set(['sys_instance', 'pms_project', 'pms_project_member', 'sys_log', 'sys_session', 'sys_session_device', 'sys_captcha', 'sys_announcement_send', 'sys_user_preference', 'sys_data_log', 'sys_upload', 'sys_file', 'pms_feedback', 'sys_sms_code', 'pms_project_history', 'sys_workflow_history']);
async function snapshot(file) {
  if (databaseUrl) return snapshotPostgres();
  const db = new Sqlite(file, { readonly: true });
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all().map((r) => r.name);
  const out = {};
  for (const t of tables) {
    const h = createHash('sha256');
    for (const row of db.prepare(`select * from "${t}" order by rowid`).iterate()) h.update(JSON.stringify(row));
    out[t] = h.digest('hex');
  }
  db.close();
  return out;
}
async function snapshotPostgres() {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const out = {};
  try {
    const { rows } = await c.query("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
    for (const { table_name: t } of rows) {
      const res = await c.query(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`);
      out[t] = res.rows[0].h;
    }
  } finally {
    await c.end();
  }
  return out;
}

// --- run -------------------------------------------------------------------------------------------
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
// FUZZ_DB=postgres: a new database on the PostgreSQL of PG_URL (dropped at the end).
const pgAdmin = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ops_fuzz_${process.pid}`;
const databaseUrl = process.env.FUZZ_DB === 'postgres' ? Object.assign(new URL(pgAdmin), { pathname: `/${dbName}` }).toString() : undefined;
const admin = async (q) => { const c = new pg.Client({ connectionString: pgAdmin }); await c.connect(); try { await c.query(q); } finally { await c.end(); } };
if (databaseUrl) await admin(`create database "${dbName}"`);
const log = path.join(dir, 'server.log');
const server = startInstance({ port, log, env: { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: databaseUrl ?? '', JOBS: 'off', LOG_LEVEL: 'error' } });
const failures = [];
const byStatus = {};
const unavailable = [];
let sent = 0;
try {
  await server.waitReady();
  const tokens = { applicant: await login(server.url, 'applicant'), admin: await login(server.url, 'admin') };
  const docs = await call(server.url, 'GET', '/jeecg-boot/v3/api-docs', { token: tokens.admin });
  const routes = [];
  // Leaving the callers signed in is the point: their own logout and password routes are left out.
  const SKIP = /\/sys\/logout|password|Password|\/sys\/user\/(passwordChange|updatePassword)/;
  for (const [p, ops] of Object.entries(docs.body.paths)) {
    for (const [method, op] of Object.entries(ops)) if (!SKIP.test(p) && !/^(trace|connect)$/i.test(method)) routes.push({ method: method.toUpperCase(), path: `/jeecg-boot${p}`, op });
  }
  routes.push({ method: 'GET', path: '/health', op: {} }, { method: 'GET', path: '/2025/{x}', op: {} }, { method: 'GET', path: '/jeecg-boot/{x}', op: {} });
  console.log(`${routes.length} operations in the inventory; ${REQUESTS} requests, seed ${SEED}`);

  const file = path.join(dir, 'data', 'platform.db');
  const send = async (who, req) => {
    const headers = { 'X-Access-Token': tokens[who] };
    if (req.contentType) headers['Content-Type'] = req.contentType;
    const started = performance.now();
    let res;
    try {
      const r = await fetch(`${server.url}${req.urlPath}`, { method: req.method, headers, body: req.raw, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      res = { status: r.status, text: await r.text() };
    } catch (err) {
      res = { status: 0, text: String(err.cause?.code ?? err.name) };
    }
    sent++;
    const key = `${res.status}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
    if (res.status === 503 && unavailable.length < 5) unavailable.push(`${req.method} ${req.urlPath.slice(0, 100)} → ${res.text.slice(0, 100)}`);
    const where = `${who} ${req.method} ${req.urlPath.slice(0, 160)}`;
    if (res.status === 0) failures.push(`no answer (${res.text}) after ${(performance.now() - started).toFixed(0)} ms: ${where}`);
    else if (res.status >= 500 && res.status !== 503) failures.push(`${res.status}: ${where} body ${(req.raw ?? '').slice(0, 120)} → ${res.text.slice(0, 200)}`);
    else {
      let message = '';
      try { const j = JSON.parse(res.text); message = j && typeof j === 'object' && (j.success === false || res.status >= 400) ? String(j.message ?? '') : ''; } catch { /* not JSON */ }
      // A reply may quote the caller's own input back (收到 "…", 子表不存在: …): only what is left is the server's.
      // 报表SQL执行失败: the report designer tells the administrator what the database said of the SQL they wrote.
      if (!message.startsWith('报表SQL') && LEAK.test(withoutEcho(message))) failures.push(`leak in ${res.status}: ${where} → ${message.slice(0, 200)}`);
    }
    if (res.status === 401 && res.text.includes('Token')) tokens[who] = await login(server.url, who); // a fuzzed route ended the session
  };
  const phase = async (who, count) => {
    let next = 0;
    const batch = Array.from({ length: count }, () => makeRequest(pick(routes)));
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < batch.length) await send(who, batch[next++]);
    }));
  };

  const before = await snapshot(file);
  const t0 = performance.now();
  await phase('applicant', Math.floor(REQUESTS / 2));
  const after = await snapshot(file);
  const changed = Object.keys(after).filter((t) => before[t] !== after[t]);
  const forbidden = changed.filter((t) => !APPLICANT_WRITES.has(t));
  console.log(`applicant half: tables changed ${changed.join(', ') || 'none'}`);
  if (forbidden.length) failures.push(`the applicant's requests changed tables they may not write: ${forbidden.join(', ')}`);
  await phase('admin', REQUESTS - Math.floor(REQUESTS / 2));
  const seconds = (performance.now() - t0) / 1000;

  const health = await call(server.url, 'GET', '/health');
  const ready = await call(server.url, 'GET', '/ready');
  const list = await call(server.url, 'GET', '/jeecg-boot/sys/position/list', { token: await login(server.url, 'admin', ADMIN_PASSWORD) });
  if (health.status !== 200 || ready.status !== 200 || list.body?.success !== true) failures.push('the server is not healthy afterwards');
  console.log(`${sent} requests in ${seconds.toFixed(0)} s; answers by status:`, byStatus);
  if (unavailable.length) console.log('503 answers, for example:', unavailable);
  console.log(`healthy afterwards: /health ${health.status}, /ready ${ready.status}, a list ${list.body?.success ? 'ok' : 'failed'}; process ${server.proc.exitCode === null ? 'alive' : 'gone'}`);
} finally {
  await server.kill('SIGTERM');
  if (databaseUrl) await admin(`drop database if exists "${dbName}" with (force)`);
}
const unique = [...new Set(failures)];
for (const f of unique.slice(0, 60)) console.log(`FAIL ${f}`);
console.log(unique.length ? `\n${unique.length} distinct failure(s) (seed ${SEED}; server log ${log})` : '\nno failures');
process.exit(unique.length ? 1 : 0);
