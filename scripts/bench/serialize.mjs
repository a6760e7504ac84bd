// Serializer benchmark (not a test): a list answer as the engine sends it (bench_order's rows: its ten
// fields, the system columns, three dictionary texts; nulls where a row leaves a field empty), turned into
// JSON by V8's JSON.stringify (what Fastify does for a route without a response schema, the engine's case)
// beside a serializer compiled for the page's row shape by fast-json-stringify (Fastify's own, for a
// declared response schema), for a page of 10 rows and one of 500. Issue 39 asked for the compiled one;
// this is the measure that decides. The compiled answer is checked to parse to the same value.
// Usage: node scripts/bench/serialize.mjs   env N (bodies per timing, default 20,000 for 10 rows)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { machineLine } from './lib/load.mjs';

const page = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'list-api/bench_order.json'), 'utf8'));
const NUMBER = new Set(['int', 'long', 'double', 'decimal']);
const system = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'];
const fields = [...system.map((name) => ({ name, type: 'string' })), ...page.fields];
const dictTexts = page.fields.filter((f) => f.dict).map((f) => `${f.name}_dictText`);

function row(i) {
  const r = {};
  for (const [k, f] of fields.entries()) {
    if ((i + k) % 9 === 0) r[f.name] = null;
    else if (NUMBER.has(f.type)) r[f.name] = f.type === 'int' ? i * 7 : Math.round(i * 313.7) / 100;
    else r[f.name] = f.type === 'datetime' ? `2025-06-01 10:${String(i % 60).padStart(2, '0')}:00` : `${f.name}-${i}-客户名称文本`;
  }
  for (const k of dictTexts) r[k] = '已提交';
  return r;
}

const body = (size) => ({ success: true, message: '', code: 200, result: { records: Array.from({ length: size }, (_, i) => row(i)), total: 23_456, size, current: 1, pages: Math.ceil(23_456 / size) }, timestamp: Date.now() });

const nullable = (type) => ({ type: [type, 'null'] });
const rowSchema = {
  type: 'object',
  properties: Object.fromEntries([...fields.map((f) => [f.name, nullable(NUMBER.has(f.type) ? 'number' : 'string')]), ...dictTexts.map((k) => [k, nullable('string')])]),
  additionalProperties: true, // a module's decorate may add its own
};
const compiled = fastJson({
  type: 'object',
  properties: {
    success: { type: 'boolean' }, message: { type: 'string' }, code: { type: 'integer' }, timestamp: { type: 'integer' },
    result: { type: 'object', properties: { records: { type: 'array', items: rowSchema }, total: { type: 'integer' }, size: { type: 'integer' }, current: { type: 'integer' }, pages: { type: 'integer' } } },
  },
});

function time(fn, b, n) {
  let bytes = 0;
  for (let i = 0; i < n / 10; i++) bytes += fn(b).length; // warm
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) bytes += fn(b).length;
  return { us: Number(process.hrtime.bigint() - t0) / 1e3 / n, bytes };
}

const N = Number(process.env.N ?? 20_000);
console.log(`Serializer benchmark, ${new Date().toISOString().slice(0, 10)}\n  machine   ${machineLine()}\n  node      ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'})\n`);
console.log('  body                 JSON.stringify   compiled (fast-json-stringify)   compiled / JSON');
for (const size of [10, 500]) {
  const b = body(size);
  if (!isDeepStrictEqual(JSON.parse(compiled(b)), b)) throw new Error('the compiled serializer answers another value');
  const n = Math.max(200, Math.round(N * 10 / size));
  // Alternated, three rounds each: the median.
  const runs = { json: [], fjs: [] };
  for (let r = 0; r < 3; r++) {
    runs.json.push(time(JSON.stringify, b, n).us);
    runs.fjs.push(time(compiled, b, n).us);
  }
  const med = (a) => a.sort((x, y) => x - y)[1];
  const j = med(runs.json), f = med(runs.fjs);
  console.log(`  ${String(size).padStart(3)} rows, ${(JSON.stringify(b).length / 1024).toFixed(1).padStart(5)} KB   ${j.toFixed(1).padStart(8)} µs   ${f.toFixed(1).padStart(18)} µs   ${(f / j).toFixed(2).padStart(22)}`);
}
