// SQLite's side of a backup and a restore, on a connection of its own in a worker thread: the
// copy runs off the server's event loop when BackupJob runs inside the server.
// Plain JavaScript: a worker thread does not go through the TypeScript loader.
//
//   { op: 'copy', source, target }  the online backup API (sqlite3_backup) from the live database into
//                                   a new file, in one step: one read transaction, so the copy is the
//                                   database as it stood at one moment whatever is written meanwhile
//                                   (WAL: writers go on). The copy is then made a single file
//                                   (journal_mode DELETE) and described.
//   { op: 'describe', file }        the same description of a database file (a restored one).
//   { op: 'replace', source, target } copies `source` over the database `target` through the backup
//                                   API (restore --force), under SQLite's locks rather than by
//                                   replacing the file under a process that may hold it open.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const quote = (name) => `"${name.replace(/"/g, '""')}"`;

/** Its SQLite version, integrity, migrations and the rows of every ordinary table. */
function describe(file) {
  const db = new Database(file, { fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and sql not like 'CREATE VIRTUAL%' order by name").pluck().all();
    const counts = {};
    for (const t of tables) counts[t] = db.prepare(`select count(*) from ${quote(t)}`).pluck().get();
    const migrations = tables.includes('sys_migration') ? db.prepare('select name from sys_migration order by name').pluck().all() : [];
    return {
      version: db.prepare('select sqlite_version()').pluck().get(),
      check,
      tables: counts,
      migrations: { count: migrations.length, last: migrations.at(-1) ?? null },
    };
  } finally {
    db.close();
  }
}

/** Every page in one step: the progress callback asks for all that remain. */
const ALL_PAGES = { progress: () => 0x7fffffff };

async function run(job) {
  if (job.op === 'copy') {
    const live = new Database(job.source, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      await live.backup(job.target, ALL_PAGES);
    } finally {
      live.close();
    }
    const copy = new Database(job.target);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    return describe(job.target);
  }
  if (job.op === 'describe') return describe(job.file);
  if (job.op === 'replace') {
    const restored = new Database(job.source, { readonly: true, fileMustExist: true });
    try {
      await restored.backup(job.target, ALL_PAGES);
    } finally {
      restored.close();
    }
    return describe(job.target);
  }
  throw new Error(`unknown op ${job.op}`);
}

run(workerData).then(
  (result) => parentPort.postMessage({ result }),
  (err) => parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) }),
);
