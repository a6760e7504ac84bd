// Runs report statements on a read-only connection of its own, off the server's event loop, so a
// slow report can be stopped (the worker is terminated) without stopping the server.
// Plain JavaScript: a worker thread does not go through the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

parentPort.on('message', ({ id, op, sql, params, maxRows }) => {
  try {
    const stmt = db.prepare(sql);
    if (!stmt.reader || !stmt.readonly) throw new Error('报表SQL只能是SELECT查询');
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
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
