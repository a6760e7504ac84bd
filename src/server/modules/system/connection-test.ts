import pg from 'pg';

/** What a connection test reports: success, or the driver's one-line reason. */
export type ConnectionOutcome = { ok: true } | { ok: false; reason: string };

export interface ConnectionTarget {
  dbType?: unknown;
  dbUrl?: unknown;
  dbName?: unknown;
  dbUsername?: unknown;
  dbPassword?: unknown;
}

const TIMEOUT_MS = 3000;

/** jdbc:postgresql://host[:port]/database[?…] → its parts; null when it is not a PostgreSQL JDBC URL. */
export function parsePostgresJdbcUrl(jdbcUrl: string): { host: string; port: number; database: string } | null {
  const m = /^jdbc:postgresql:\/\/([^/?#]+)\/?([^?#]*)/i.exec(jdbcUrl.trim());
  if (!m) return null;
  let url: URL;
  try { url = new URL(`postgresql://${m[1]}`); } catch { return null; }
  const port = url.port ? Number(url.port) : 5432;
  if (!url.hostname || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, database: decodeURIComponent(m[2] || '') };
}

/** One line of the driver's message, without stack or internals. */
const reasonOf = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0].slice(0, 200) || '未知错误';

/**
 * Opens one connection to a PostgreSQL data source and runs `select 1`, giving up after 3 s. Only
 * PostgreSQL is tried: no other driver ships with the server.
 */
export async function testConnection(t: ConnectionTarget): Promise<ConnectionOutcome> {
  const url = typeof t.dbUrl === 'string' ? t.dbUrl : '';
  const target = parsePostgresJdbcUrl(url);
  if (!target) return { ok: false, reason: '目前仅支持测试 PostgreSQL 数据源（jdbc:postgresql://主机:端口/库名）' };
  const client = new pg.Client({
    host: target.host, port: target.port,
    database: target.database || (typeof t.dbName === 'string' && t.dbName ? t.dbName : undefined),
    user: typeof t.dbUsername === 'string' ? t.dbUsername : undefined,
    password: typeof t.dbPassword === 'string' ? t.dbPassword : undefined,
    connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS, application_name: 'datasource-test',
  });
  client.on('error', () => { /* reported through the failed connect or query */ });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: reasonOf(e) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
