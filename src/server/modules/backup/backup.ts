import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { ArchiveWriter, BACKUP_FORMAT, BACKUP_VERSION, type Manifest } from './archive.js';
import { dumpPostgres } from './postgres.js';
import { copySqlite } from './sqlite.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const SQLITE_FILE = 'platform.db';
export const SQLITE_ENTRY = 'database.sqlite.gz';
export const POSTGRES_ENTRY = 'database.pgdump';
export const UPLOADS_PREFIX = 'uploads/';
export const BACKUPS = 'sys_backup';

/** What a backup needs of the configuration: the same settings the server runs with. */
export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'uploadDir' | 's3' | 'backup'>;

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  durationMs: number;
  /** Uploads listed but gone before they were read (deleted meanwhile): not in the backup. */
  vanished: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** backup-20261130-020000.tar: sorts by time as text. */
export const backupName = (d: Date) =>
  `backup-${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}.tar`;
const OURS = /^backup-(\d{8}-\d{6})(?:-(\d+))?\.tar$/;

/** A free name in the folder: the time's, with -2, -3… when two are taken in one second. */
function freeName(dir: string, now: Date): string {
  const base = backupName(now);
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : base.replace(/\.tar$/, `-${i}.tar`);
    if (!fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
}

function appInfo(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { name?: string; version?: string };
    return { name: pkg.name ?? 'unknown', version: pkg.version ?? 'unknown' };
  } catch {
    return { name: 'unknown', version: 'unknown' };
  }
}

/** Every regular file under the folder, as paths relative to it with '/', sorted; links are not followed. */
async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

/** Whether the folder holds any file at all (a restore target must not). */
export async function hasFiles(root: string): Promise<boolean> {
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!e.isDirectory()) return true;
      stack.push(path.join(dir, e.name));
    }
  }
  return false;
}

/**
 * Takes a backup while the server runs: a consistent copy of the database (SQLite's online backup
 * API, or pg_dump -Fc of one snapshot), then the upload folder, into one file (archive.ts) — by
 * default a new backup-<time>.tar in BACKUP_DIR. Written as <file>.partial and renamed when whole,
 * so a backup file present is a finished one. The database comes first: a file a row of the copy
 * names was stored before that row, so it is in the folder when the folder is read.
 */
export async function takeBackup(config: BackupConfig, opts: { file?: string } = {}): Promise<BackupResult> {
  const started = Date.now();
  const file = opts.file ? path.resolve(opts.file) : freeName(config.backup.dir, new Date(started));
  if (fs.existsSync(file)) throw new Error(`备份文件已存在，不会覆盖：${file}`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const work = `${file}.parts-${randomBytes(4).toString('hex')}`;
  const partial = `${file}.partial`;
  await fs.promises.mkdir(work);
  let writer: ArchiveWriter | undefined;
  try {
    const createdAt = new Date();
    let database: Manifest['database'];
    let dbFile: string;
    if (config.databaseUrl) {
      dbFile = path.join(work, POSTGRES_ENTRY);
      const dump = await dumpPostgres(config.databaseUrl, dbFile);
      database = { kind: 'postgres', entry: POSTGRES_ENTRY, serverVersion: dump.serverVersion, dumpVersion: dump.dumpVersion, migrations: dump.migrations, tables: dump.tables };
    } else {
      const live = path.join(config.dataDir, SQLITE_FILE);
      if (!fs.existsSync(live)) throw new Error(`没有数据库可备份：${live} 不存在`);
      const copy = path.join(work, SQLITE_FILE);
      const described = await copySqlite(live, copy);
      if (described.check !== 'ok') throw new Error(`数据库副本检查未通过（PRAGMA quick_check）：${described.check.slice(0, 300)}`);
      dbFile = path.join(work, SQLITE_ENTRY);
      await pipeline(fs.createReadStream(copy), zlib.createGzip({ level: 6 }), fs.createWriteStream(dbFile));
      await fs.promises.rm(copy);
      database = { kind: 'sqlite', entry: SQLITE_ENTRY, serverVersion: described.version, migrations: described.migrations, tables: described.tables };
    }

    writer = await ArchiveWriter.create(partial);
    await writer.addFile(database.entry, dbFile);
    await fs.promises.rm(dbFile);
    let uploads: Manifest['uploads'];
    let vanished = 0;
    if (config.s3) {
      uploads = {
        kind: 's3', bucket: config.s3.bucket, endpoint: config.s3.endpoint,
        note: '上传文件保存在 S3 存储桶中，未包含在本备份里：请在存储桶上开启版本控制（versioning），由存储桶保留其历史版本',
      };
    } else {
      let files = 0;
      let bytes = 0;
      for (const rel of await filesUnder(config.uploadDir)) {
        try {
          const sum = await writer.addFile(`${UPLOADS_PREFIX}${rel}`, path.join(config.uploadDir, rel));
          files++;
          bytes += sum.size;
        } catch (e) {
          // Deleted since it was listed (the clean-up job): a file no row of the copy needs.
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
          vanished++;
        }
      }
      uploads = { kind: 'folder', files, bytes };
    }
    const { bytes, manifest } = await writer.finish({
      format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: createdAt.toISOString(), host: os.hostname(), app: appInfo(), database, uploads,
    });
    await writer.close();
    writer = undefined;
    // A link, not a rename: fails rather than replace a file that appeared meanwhile.
    await fs.promises.link(partial, file);
    await fs.promises.rm(partial);
    return { file, bytes, manifest, durationMs: Date.now() - started, vanished };
  } catch (e) {
    await writer?.close().catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw e;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` of our backup files in the folder (by the time in their names); answers the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const key = (name: string) => {
    const m = OURS.exec(name)!;
    return `${m[1]}-${(m[2] ?? '1').padStart(6, '0')}`;
  };
  const ours = (await fs.promises.readdir(dir)).filter((n) => OURS.test(n)).sort((a, b) => key(b).localeCompare(key(a)));
  const gone = ours.slice(keep);
  for (const name of gone) await fs.promises.rm(path.join(dir, name), { force: true });
  return gone;
}

export type BackupOrigin = 'command' | 'job';

/**
 * The backup written down in sys_backup (migration 040_backups), for 系统监控 to show the last one on
 * every instance. A database the new version never started on has no such table yet: that is said,
 * not thrown, since the backup itself is whole.
 */
export async function recordBackup(db: Kysely<any>, r: BackupResult, origin: BackupOrigin): Promise<boolean> {
  const rows = Object.values(r.manifest.database.tables).reduce((a, b) => a + b, 0);
  try {
    await db.insertInto(BACKUPS).values({
      id: newId(), file: r.file.slice(0, 1000), kind: r.manifest.database.kind, sizeBytes: r.bytes,
      startTime: formatDateTime(new Date(r.manifest.createdAt)), endTime: formatDateTime(), endAt: Date.now(), durationMs: r.durationMs,
      origin, host: os.hostname().slice(0, 100), tableRows: rows,
      uploadFiles: r.manifest.uploads.kind === 'folder' ? r.manifest.uploads.files : null,
    }).execute();
    return true;
  } catch {
    return false;
  }
}
