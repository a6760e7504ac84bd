import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What a SQLite file holds, as the worker reads it. */
export interface SqliteDescription {
  version: string;
  /** PRAGMA quick_check: 'ok' when sound. */
  check: string;
  tables: Record<string, number>;
  migrations: { count: number; last: string | null };
}

type Job =
  | { op: 'copy'; source: string; target: string }
  | { op: 'describe'; file: string }
  | { op: 'replace'; source: string; target: string };

/** Runs one job of sqlite-backup-worker.mjs in a worker thread (off the server's event loop). */
function inWorker(job: Job): Promise<SqliteDescription> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(import.meta.dirname, 'sqlite-backup-worker.mjs'), { workerData: job });
    worker.once('message', (m: { result?: SqliteDescription; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.result!)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`SQLite 备份线程意外退出（${code}）`)));
  });
}

/** The live database copied by SQLite's online backup API into `target` (a new file), and described. */
export const copySqlite = (source: string, target: string) => inWorker({ op: 'copy', source, target });

export const describeSqlite = (file: string) => inWorker({ op: 'describe', file });

/** `source` copied over the database `target` under SQLite's locks (restore --force). */
export const replaceSqlite = (source: string, target: string) => inWorker({ op: 'replace', source, target });
