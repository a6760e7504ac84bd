import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../http/context.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The database's kind, server version and size in bytes. */
async function database(ctx: AppContext) {
  const db = ctx.db as unknown as Kysely<any>;
  if (ctx.dialect === 'postgres') {
    const { rows } = await sql<{ version: string; size: string; name: string }>`select version() as version, pg_database_size(current_database()) as size, current_database() as name`.execute(db);
    const tables = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_schema = current_schema()`.execute(db);
    return { kind: 'PostgreSQL', version: rows[0].version, name: rows[0].name, sizeBytes: Number(rows[0].size), tables: Number(tables.rows[0].n) };
  }
  const { rows } = await sql<{ version: string; size: number }>`select sqlite_version() as version, (select page_count from pragma_page_count()) * (select page_size from pragma_page_size()) as size`.execute(db);
  const tables = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`.execute(db);
  return { kind: 'SQLite', version: rows[0].version, name: 'sqlite', sizeBytes: Number(rows[0].size), tables: Number(tables.rows[0].n) };
}

/** 系统信息: the machine, its load and memory, the database, and how many page schemas are loaded. */
export async function systemInfo(ctx: AppContext) {
  const cpus = os.cpus();
  return {
    os: { type: os.type(), release: os.release(), platform: os.platform(), arch: os.arch(), hostname: os.hostname(), uptimeSeconds: Math.round(os.uptime()) },
    cpu: { model: cpus[0]?.model ?? '', count: cpus.length, speedMHz: cpus[0]?.speed ?? 0, loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    memory: { total: os.totalmem(), free: os.freemem(), used: os.totalmem() - os.freemem() },
    database: await database(ctx),
    schemas: ctx.schemas.schemas.length,
    node: process.version,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    time: Date.now(),
  };
}
