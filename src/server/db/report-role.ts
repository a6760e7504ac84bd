import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';

/**
 * The PostgreSQL role report SQL runs as (`SET LOCAL ROLE` inside a read-only transaction): it can
 * log in nowhere and may SELECT only the columns granted here — the declared columns of declared
 * tables that are neither sensitive nor personal. Sessions, captchas, password hashes, data-source
 * passwords, phones and log lines are then out of reach of any statement, however it is written.
 */
export const REPORT_ROLE = 'platform_report_reader';

/** A table a report may read: the columns any report may read of it, and its personal ones (schema `personal`). */
export interface ReadableTable { table: string; columns: string[]; personal?: string[] }

/**
 * The role a report runs as when it may read the personal columns of `reach` (tables whose pages
 * both its author and its runner may read): REPORT_ROLE for none, else a member of REPORT_ROLE
 * granted those tables' personal columns besides, named after the set (roles are cluster-wide,
 * grants per database: the same set gets the same role everywhere).
 */
export function reachRole(reach: Iterable<string>): string {
  const tables = [...new Set(reach)].sort();
  if (!tables.length) return REPORT_ROLE;
  return `${REPORT_ROLE}_${createHash('sha256').update(tables.join(',')).digest('hex').slice(0, 16)}`;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
/** Two connections changing the same catalogue rows at once: the loser may simply try again. */
const CONCURRENT_UPDATE = /tuple concurrently (updated|deleted)/;

/**
 * Creates the role when missing and makes its grants exactly `tables` (columns that do not exist
 * yet are skipped; run it again when tables are created or extended). The role is cluster-wide
 * while grants are per database, so servers on other databases may create it at the same moment:
 * a duplicate is not an error. Throws when this connection may not manage roles.
 */
export async function grantReportColumns(client: PoolClient, tables: ReadableTable[]): Promise<void> {
  await createRole(client, REPORT_ROLE);
  await retried(client, () => replaceGrants(client, REPORT_ROLE, tables));
}

/**
 * Creates (when missing) the role of `reach` (reachRole), a member of REPORT_ROLE, and makes its own
 * grants exactly the personal columns of those tables; returns its name. Run it again when the
 * tables change. Throws when this connection may not manage roles.
 */
export async function grantReachColumns(client: PoolClient, reach: string[], tables: ReadableTable[]): Promise<string> {
  const name = reachRole(reach);
  if (name === REPORT_ROLE) return name;
  await createRole(client, name);
  const member = await client.query(`SELECT pg_has_role($1, $2, 'MEMBER') AS ok`, [name, REPORT_ROLE]);
  if (!member.rows[0].ok) {
    await client.query(`DO $$ BEGIN GRANT ${quoteIdent(REPORT_ROLE)} TO ${quoteIdent(name)}; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  }
  const held = new Set(reach);
  const personal = tables.filter((t) => held.has(t.table)).map((t) => ({ table: t.table, columns: t.personal ?? [] }));
  await retried(client, () => replaceGrants(client, name, personal));
  return name;
}

/** In one transaction; tried again when another connection changed the same catalogue rows meanwhile. */
async function retried(client: PoolClient, work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query('BEGIN');
      await work();
      await client.query('COMMIT');
      return;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (attempt >= 3 || !CONCURRENT_UPDATE.test((e as Error).message)) throw e;
    }
  }
}

async function createRole(client: PoolClient, name: string): Promise<void> {
  const role = quoteIdent(name);
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
  if (!exists.rowCount) {
    // duplicate_object, or unique_violation when two CREATE ROLE race past each other's check.
    await client.query(`DO $$ BEGIN CREATE ROLE ${role} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  }
  const member = await client.query(`SELECT pg_has_role(current_user, $1, 'MEMBER') AS ok`, [name]);
  if (!member.rows[0].ok) {
    await client.query(`DO $$ BEGIN GRANT ${role} TO CURRENT_USER; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  }
}

async function replaceGrants(client: PoolClient, name: string, tables: ReadableTable[]): Promise<void> {
  const role = quoteIdent(name);
  const schema = (await client.query('SELECT current_schema() AS s')).rows[0].s as string;
  await client.query(`GRANT USAGE ON SCHEMA ${quoteIdent(schema)} TO ${role}`);
  await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${quoteIdent(schema)} FROM ${role}`);
  const present = new Map<string, Set<string>>();
  const columns = await client.query('SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1', [schema]);
  for (const r of columns.rows) {
    if (!present.has(r.table_name)) present.set(r.table_name, new Set());
    present.get(r.table_name)!.add(r.column_name);
  }
  for (const t of tables) {
    const existing = present.get(t.table);
    const granted = t.columns.filter((c) => existing?.has(c));
    if (!granted.length) continue;
    await client.query(`GRANT SELECT (${granted.map(quoteIdent).join(', ')}) ON ${quoteIdent(schema)}.${quoteIdent(t.table)} TO ${role}`);
  }
}
