// `npm test`: builds the web app, checks the types (`npm run typecheck`) and lints (`npm run lint`,
// any warning fails), then runs every test project — unit, api on SQLite, api on PostgreSQL, e2e — and ends with one line `N passed, N failed` (all parts summed) for CI.
// Exit status is non-zero when any part fails. PostgreSQL being unreachable is a failure, not a skip.
//
// Environment: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test) is the database the
// api tests create their throw-away databases from. SKIP_WEB_BUILD=1 reuses an existing dist/web.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs a part with its output passed through. CI keeps only the log's tail, so what vitest prints
 * under "Unhandled Errors" (a failure outside any test) is kept too and repeated in the summary,
 * and so is the whole output of a part given `kept.output` (a string).
 */
function run(cmd, args, env = {}, kept = null) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let unhandled = '';
    const watch = (stream, out) => stream.on('data', (chunk) => {
      out.write(chunk);
      if (!kept) return;
      // eslint-disable-next-line no-control-regex -- strips the colours' escape sequences
      const text = chunk.toString().replace(/\x1b\[[0-9;]*m/g, '');
      if (unhandled || /Unhandled (Errors?|Rejection)/.test(text)) unhandled = (unhandled + text).slice(0, 4000);
      if (typeof kept.output === 'string') kept.output += text;
    });
    watch(child.stdout, process.stdout);
    watch(child.stderr, process.stderr);
    child.on('error', (err) => { console.error(err); resolve(1); });
    child.on('exit', (code, signal) => { if (kept) kept.unhandled = unhandled; resolve(code ?? (signal ? 1 : 0)); });
  });
}

function banner(text) {
  console.log(`\n\x1b[1m━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}\x1b[0m`);
}

/** Counts from vitest's JSON report; a file that failed outside any test counts as one failure. */
function readReport(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  let fileErrors = 0;
  const failures = [];
  for (const t of r.testResults ?? []) {
    const failedTests = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
    const where = path.relative(root, t.name);
    for (const a of failedTests) failures.push(`${where} > ${a.fullName ?? a.title}`);
    if (t.status === 'failed' && failedTests.length === 0) {
      fileErrors += 1;
      failures.push(`${where}: ${String(t.message ?? 'failed outside any test').split('\n')[0]}`);
    }
  }
  return {
    failures,
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + fileErrors,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

/** The five slowest files of a part, so a CI log shows where its minutes went. */
function printSlowest(file) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const files = (r.testResults ?? [])
    .map((t) => ({ name: path.relative(root, t.name), ms: (t.endTime ?? 0) - (t.startTime ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  if (files.length) console.log(`slowest: ${files.map((f) => `${f.name} ${secs(f.ms)}`).join(', ')}`);
}

async function pgReachable() {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (err) {
    return err.message || String(err);
  } finally {
    await c.end().catch(() => {});
  }
}

const results = [];

async function vitestPart(name, project, env = {}) {
  banner(name);
  const t0 = Date.now();
  const json = path.join(reportDir, `${name.replace(/\W+/g, '_')}.json`);
  const kept = {};
  const code = await run(process.execPath, [
    'node_modules/vitest/vitest.mjs', 'run', '--project', project,
    '--reporter=default', '--reporter=json', `--outputFile.json=${json}`,
  ], env, kept);
  const rep = readReport(json);
  printSlowest(json);
  const part = { name, ms: Date.now() - t0, code, passed: rep?.passed ?? 0, failed: rep?.failed ?? 0, skipped: rep?.skipped ?? 0, note: '', failures: rep?.failures ?? [], unhandled: kept.unhandled };
  if (!rep) { part.failed += 1; part.note = 'no test report (vitest did not finish)'; }
  else if (code !== 0 && part.failed === 0) { part.failed = 1; part.note = `vitest exited with ${code}`; }
  results.push(part);
}

// 1. web build (the api web-route tests and the e2e tests serve dist/web)
if (process.env.SKIP_WEB_BUILD === '1' && fs.existsSync('dist/web/index.html')) {
  console.log('SKIP_WEB_BUILD=1: reusing dist/web');
} else {
  banner('web build');
  const t0 = Date.now();
  const code = await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  results.push({ name: 'web build', ms: Date.now() - t0, code, passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, note: code === 0 ? '' : 'vite build failed' });
}

/** tsc's errors, one a line with `--pretty false`. */
const tscProblems = (output) => output.split('\n').filter((l) => /error TS\d+:/.test(l));

/** ESLint's default (stylish) report: a file's path, then its problems indented as `line:col  error  text  rule`. */
function eslintProblems(output) {
  const found = [];
  let file = '';
  for (const line of output.split('\n')) {
    const problem = /^\s+(\d+:\d+)\s+(error|warning)\s+(.*)$/.exec(line);
    if (problem) found.push(`${file}:${problem[1]} ${problem[2]} ${problem[3].trim().replace(/\s{2,}/g, '  ')}`);
    else if (line.startsWith('/')) file = path.relative(root, line.trim());
  }
  return found;
}

/**
 * A check that passes or fails as a whole (`npm run <script>`): one failure in the counts, and
 * its problems (`problems(output)`) named in the summary.
 */
async function checkPart(name, script, args, problems) {
  banner(name);
  const t0 = Date.now();
  const kept = { output: '' };
  const code = await run('npm', ['run', '--silent', script, '--', ...args], {}, kept);
  const failures = problems(kept.output);
  if (code === 0) console.log(`${name}: clean`);
  results.push({ name, ms: Date.now() - t0, code, passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, note: code === 0 ? '' : `${script} found ${failures.length || 'some'} problem(s)`, failures });
}

// 2. the types and the lint, the habits the code is kept to
await checkPart('typecheck', 'typecheck', ['--pretty', 'false'], tscProblems);
await checkPart('lint', 'lint', [], eslintProblems);

// 3. tests
await vitestPart('unit', 'unit', { TEST_DB: '' });
await vitestPart('api (sqlite)', 'api', { TEST_DB: 'sqlite' });

const pgError = await pgReachable();
if (pgError) {
  banner('api (postgres)');
  console.error(`\x1b[31mPostgreSQL is not reachable at ${PG_URL}: ${pgError}\x1b[0m`);
  console.error('The PostgreSQL run is required. Start it with: pg_ctlcluster --skip-systemctl-redirect 15 main start');
  results.push({ name: 'api (postgres)', ms: 0, code: 1, passed: 0, failed: 1, skipped: 0, note: 'PostgreSQL unreachable' });
} else {
  await vitestPart('api (postgres)', 'api', { TEST_DB: 'postgres', TEST_PG_URL: PG_URL });
}

await vitestPart('e2e', 'e2e', { TEST_DB: '' });

fs.rmSync(reportDir, { recursive: true, force: true });

// 4. summary
banner('summary');
let passed = 0;
let failed = 0;
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  const status = r.failed ? '\x1b[31mFAIL\x1b[0m' : '\x1b[32mok  \x1b[0m';
  const counts = ['web build', 'typecheck', 'lint'].includes(r.name) ? '' : `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
  console.log(`${status} ${r.name.padEnd(16)} ${secs(r.ms).padStart(8)}  ${counts}${r.note ? `  (${r.note})` : ''}`);
}
for (const r of results) {
  for (const f of (r.failures ?? []).slice(0, 20)) console.log(`  ✗ ${r.name}: ${f}`);
  if (r.unhandled) console.log(`  ${r.name}, outside any test:\n${r.unhandled.split('\n').map((l) => `    ${l}`).join('\n')}`);
}
console.log(`total ${secs(Date.now() - started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.code !== 0) ? 1 : 0);
