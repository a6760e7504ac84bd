// Runs report statements on a read-only connection of its own, off the server's event loop, so a
// slow report can be stopped (the worker is terminated) without stopping the server. Every
// statement is first checked against what SQLite compiled it to (sqlite-plan.mjs).
// Plain JavaScript: a worker thread does not go through the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { PlanRefusal, planChecker } from './sqlite-plan.mjs';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkPlan = planChecker(db);

/** What reports may read, as the server last sent it; nothing until then. */
let policy = { readable: new Map(), sensitive: new Map(), personal: new Map(), whole: new Set(), pages: new Map() };

const lower = (names) => new Set((names ?? []).map((c) => c.toLowerCase()));
const setPolicy = (tables) => {
  policy = {
    readable: new Map(tables.map((t) => [t.table.toLowerCase(), lower(t.columns)])),
    sensitive: new Map(tables.map((t) => [t.table.toLowerCase(), lower(t.sensitive)])),
    personal: new Map(tables.map((t) => [t.table.toLowerCase(), lower(t.personal)])),
    whole: new Set(tables.filter((t) => t.whole).map((t) => t.table.toLowerCase())),
    pages: new Map(tables.map((t) => [t.table.toLowerCase(), t.page ?? t.table])),
  };
};

// `reach`: the tables whose personal columns this statement may read (its author's and runner's pages).
parentPort.on('message', ({ id, op, sql, params, maxRows, tables, reach }) => {
  try {
    if (op === 'policy') {
      setPolicy(tables);
      parentPort.postMessage({ id });
      return;
    }
    const stmt = db.prepare(sql);
    if (!stmt.reader || !stmt.readonly) throw new PlanRefusal('报表SQL只能是SELECT查询');
    checkPlan(stmt, params, policy, lower(reach));
    if (op === 'columns') {
      parentPort.postMessage({ id, columns: stmt.columns().map((c) => c.name) });
      return;
    }
    const rows = [];
    for (const row of stmt.iterate(...params)) {
      if (rows.length >= maxRows) break;
      rows.push(row);
    }
    parentPort.postMessage({ id, rows, columns: stmt.columns().map((c) => c.name) });
  } catch (e) {
    if (e instanceof PlanRefusal) parentPort.postMessage({ id, refused: e.message });
    else parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
