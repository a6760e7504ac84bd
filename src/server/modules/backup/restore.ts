import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { readArchive, verifyArchive, type EntrySink, type EntrySum, type Manifest } from './archive.js';
import { hasFiles, SQLITE_FILE, UPLOADS_PREFIX, type BackupConfig } from './backup.js';
import { postgresTables, restorePostgres } from './postgres.js';
import { describeSqlite, replaceSqlite } from './sqlite.js';

/** A restore declined before anything was written: the target is not empty, or of another kind. */
export class RestoreRefusal extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  target: string;
  tables: number;
  rows: number;
  uploads: number;
  /** The target held data and was overwritten (--force). */
  replaced: boolean;
  durationMs: number;
}

/**
 * An entry written to `dest` (gunzipped when asked): into a temporary name beside it, checked
 * against the manifest's SHA-256 when whole, synced, then renamed into place.
 */
function fileSink(dest: string, want: EntrySum, opts: { gunzip?: boolean; mtime?: number; overwrite?: boolean } = {}): EntrySink {
  const tmp = `${dest}.restoring-${randomBytes(4).toString('hex')}`;
  const out = fs.createWriteStream(tmp, { flags: 'wx' });
  const gunzip = opts.gunzip ? zlib.createGunzip() : null;
  const head: Writable = gunzip ?? out;
  const done = gunzip ? pipeline(gunzip, out) : finished(out);
  done.catch(() => undefined);
  return {
    async write(chunk) {
      if (!head.write(chunk)) await Promise.race([once(head, 'drain'), done]);
    },
    async end(sum) {
      head.end();
      await done;
      if (sum.sha256 !== want.sha256 || sum.size !== want.size) {
        await fs.promises.rm(tmp, { force: true });
        throw new Error(`条目 ${want.name} 在校验之后发生了变化：备份文件是否正被改写？`);
      }
      const fh = await fs.promises.open(tmp, 'r+');
      try { await fh.sync(); } finally { await fh.close(); }
      if (opts.mtime) await fs.promises.utimes(tmp, new Date(opts.mtime), new Date(opts.mtime));
      if (!opts.overwrite && fs.existsSync(dest)) {
        await fs.promises.rm(tmp, { force: true });
        throw new RestoreRefusal(`目标已有文件，不会覆盖：${dest}`);
      }
      await fs.promises.rename(tmp, dest);
    },
    async abort() {
      head.destroy();
      await done.catch(() => undefined);
      await fs.promises.rm(tmp, { force: true });
    },
  };
}

/** The place of an upload entry under the folder; a name reaching outside it is a damaged backup. */
function uploadPath(root: string, name: string): string {
  const rel = name.slice(UPLOADS_PREFIX.length);
  const full = path.resolve(root, rel);
  if (!rel || path.isAbsolute(rel) || rel.split('/').includes('..') || !full.startsWith(`${path.resolve(root)}${path.sep}`)) {
    throw new Error(`备份中的上传文件名不合法：${name.slice(0, 200)}`);
  }
  return full;
}

function compareCounts(manifest: Manifest, restored: Record<string, number>): void {
  for (const [table, rows] of Object.entries(manifest.database.tables)) {
    if (restored[table] !== rows) throw new Error(`恢复后的数据与备份清单不符：表 ${table} 应有 ${rows} 行，实有 ${restored[table] ?? '（缺表）'}`);
  }
}

/** Writes the uploads of the backup into the folder (the archive read again, past the database). */
async function restoreUploads(file: string, manifest: Manifest, root: string, overwrite: boolean): Promise<number> {
  if (manifest.uploads.kind !== 'folder') return 0;
  const wanted = new Map(manifest.entries.filter((e) => e.name.startsWith(UPLOADS_PREFIX)).map((e) => [e.name, e]));
  let written = 0;
  await readArchive(file, {
    onEntry: async ({ name, mtime }) => {
      const want = wanted.get(name);
      if (!want) return undefined;
      const dest = uploadPath(root, name);
      await fs.promises.mkdir(path.dirname(dest), { recursive: true });
      written++;
      return fileSink(dest, want, { mtime, overwrite });
    },
  });
  return written;
}

const entryOf = (m: Manifest, name: string) => m.entries.find((e) => e.name === name)!;

/**
 * Restores a backup into the database and upload folder the configuration names (DATA_DIR or
 * DATABASE_URL, UPLOAD_DIR). The whole file is checked first (archive.ts): a damaged or cut one is
 * refused before anything is written. The target must be empty — no SQLite file, no table in the
 * PostgreSQL database, no file in the upload folder — unless `force`, which replaces the database and
 * overwrites uploads of the same name (others stay). The restored database's row counts must match
 * the manifest's. Stop the servers on the target before restoring into it.
 */
export async function restoreBackup(config: BackupConfig, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = Date.now();
  const manifest = await verifyArchive(file);
  const force = !!opts.force;
  const kind = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.kind !== kind) {
    throw new RestoreRefusal(`这是 ${manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 数据库的备份，而目标是 ${kind === 'sqlite' ? 'SQLite（未设置 DATABASE_URL）' : 'PostgreSQL（DATABASE_URL）'}：只能恢复到同一种数据库`);
  }
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE);
  const present: string[] = [];
  if (kind === 'postgres') {
    const tables = await postgresTables(config.databaseUrl!);
    if (tables.length) present.push(`数据库已有 ${tables.length} 张表`);
  } else if (fs.existsSync(sqliteFile) && fs.statSync(sqliteFile).size > 0) {
    present.push(`已有数据库文件 ${sqliteFile}`);
  }
  if (manifest.uploads.kind === 'folder' && await hasFiles(config.uploadDir)) present.push(`上传目录 ${config.uploadDir} 中已有文件`);
  if (present.length && !force) {
    throw new RestoreRefusal(`恢复目标不是空的（${present.join('；')}）：恢复只写入空的数据目录或数据库。确要覆盖，请加 --force`);
  }

  const dbEntry = entryOf(manifest, manifest.database.entry);
  let restored: Record<string, number>;
  let target: string;
  if (kind === 'postgres') {
    target = new URL(config.databaseUrl!).pathname.slice(1);
    // pg_restore reads its archive by seeking: the dump is written out first (TMPDIR).
    const tmpDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'restore-'));
    try {
      const dump = path.join(tmpDir, 'database.pgdump');
      await readArchive(file, { stopAfter: dbEntry.name, onEntry: ({ name }) => (name === dbEntry.name ? fileSink(dump, dbEntry) : undefined) });
      restored = await restorePostgres(config.databaseUrl!, dump, { replace: present.length > 0, dumpVersion: manifest.database.dumpVersion });
    } finally {
      await fs.promises.rm(tmpDir, { recursive: true, force: true });
    }
  } else {
    target = config.dataDir;
    await fs.promises.mkdir(config.dataDir, { recursive: true });
    const tmp = path.join(config.dataDir, `${SQLITE_FILE}.restore-${randomBytes(4).toString('hex')}`);
    try {
      await readArchive(file, { stopAfter: dbEntry.name, onEntry: ({ name }) => (name === dbEntry.name ? fileSink(tmp, dbEntry, { gunzip: true }) : undefined) });
      const described = await describeSqlite(tmp);
      if (described.check !== 'ok') throw new Error(`恢复出的数据库检查未通过（PRAGMA quick_check）：${described.check.slice(0, 300)}`);
      compareCounts(manifest, described.tables);
      if (fs.existsSync(sqliteFile)) {
        restored = (await replaceSqlite(tmp, sqliteFile)).tables;
      } else {
        for (const extra of ['-wal', '-shm']) await fs.promises.rm(`${sqliteFile}${extra}`, { force: true });
        await fs.promises.rename(tmp, sqliteFile);
        restored = described.tables;
      }
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }
  compareCounts(manifest, restored);
  const uploads = await restoreUploads(file, manifest, config.uploadDir, force);
  const counts = Object.values(manifest.database.tables);
  return {
    manifest, target, tables: counts.length, rows: counts.reduce((a, b) => a + b, 0), uploads,
    replaced: present.length > 0, durationMs: Date.now() - started,
  };
}
