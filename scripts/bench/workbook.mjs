// Workbook benchmark (not a test): rows already read written as one .xlsx by writeWorkbook (a ranking,
// a report, a main page with its sub sheets: src/server/crud/excel-write.ts), beside the plain way,
// measured in the same run: ExcelJS's in-memory Workbook with the same layout (title, "exported by",
// header, rows) written whole with writeBuffer, as writeWorkbook did until 2026-11-29. Each measure runs in
// a child process of its own, so one's heap does not carry into the other's RSS. Rows are bench_order's
// sixteen columns (list-api/bench_order.json). Each file is read back and its rows counted.
// Usage: node scripts/bench/workbook.mjs [rows=100000]   env ROUNDS=2
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machineLine } from './lib/load.mjs';
import { serverModules } from './lib/server-modules.mjs';

const ROWS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const here = import.meta.filename;

const page = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'list-api/bench_order.json'), 'utf8'));
const NUMBER = new Set(['int', 'long', 'double', 'decimal']);
const system = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'].map((name) => ({ name, label: name, type: 'string' }));
const schema = { ...page, fields: [...system, ...page.fields] };
const rowsOf = (n) => Array.from({ length: n }, (_, i) => Object.fromEntries(schema.fields.map((f, k) => [f.name,
  (i + k) % 9 === 0 ? null : NUMBER.has(f.type) ? Math.round(i * 313.7) / 100 : `${f.label ?? f.name}-${i}`])));

async function measure(way) {
  const rows = rowsOf(ROWS);
  let write;
  if (way === 'writeWorkbook') {
    const { writeWorkbook } = await serverModules(['src/server/crud/excel-write.ts']);
    write = () => writeWorkbook(schema, rows, '管理员');
  } else {
    const ExcelJS = (await import('exceljs')).default;
    const fields = schema.fields.filter((f) => f.list !== false && !f.sensitive && !f.virtual);
    write = async () => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet(schema.title);
      sheet.addRow([`${schema.title}报表`]).font = { bold: true, size: 14 };
      sheet.addRow(['导出人:管理员']);
      sheet.addRow(fields.map((f) => f.label)).font = { bold: true };
      for (const r of rows) sheet.addRow(fields.map((f) => r[f.name] ?? null));
      fields.forEach((f, i) => { sheet.getColumn(i + 1).width = Math.max(12, f.label.length * 2 + 4); });
      sheet.mergeCells(1, 1, 1, fields.length);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
  }
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
  const t0 = performance.now();
  const file = await write();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const ExcelJS = (await import('exceljs')).default;
  const back = new ExcelJS.Workbook();
  await back.xlsx.load(file);
  process.send({ ms, growthMb: (peak - start) / 1048576, bytes: file.length, sheetRows: back.worksheets[0].rowCount });
}

if (process.env.WORKBOOK_WAY) {
  await measure(process.env.WORKBOOK_WAY);
  process.exit(0);
}

const run = (way) => new Promise((resolve, reject) => {
  const child = fork(here, [String(ROWS)], { env: { ...process.env, WORKBOOK_WAY: way }, execArgv: ['--expose-gc'] });
  child.on('message', resolve);
  child.on('exit', (code) => code && reject(new Error(`${way}: exit ${code}`)));
});
const results = { writeWorkbook: [], plain: [] };
for (let r = 0; r < ROUNDS; r++) for (const way of Object.keys(results)) results[way].push(await run(way));

const best = (xs) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
console.log(`\nworkbook bench: ${ROWS.toLocaleString('en')} rows × ${schema.fields.length} columns, best of ${ROUNDS}`);
console.log(machineLine());
for (const [way, xs] of Object.entries(results)) {
  const b = best(xs);
  const name = way === 'plain' ? 'ExcelJS Workbook, written whole (the baseline)' : 'writeWorkbook (the streamed writer, into a buffer)';
  console.log(`  ${name.padEnd(52)} ${b.ms.toFixed(0).padStart(7)} ms   RSS +${b.growthMb.toFixed(0).padStart(5)} MB   ${(b.bytes / 1e6).toFixed(1)} MB file, ${b.sheetRows} sheet rows`);
}
const [w, p] = [best(results.writeWorkbook), best(results.plain)];
console.log(`  writeWorkbook ÷ baseline: time ${(w.ms / p.ms).toFixed(2)}×, RSS growth ${(w.growthMb / p.growthMb).toFixed(2)}×`);
