import path from 'node:path';

/** Runtime configuration, read once from the environment (documented in docs/operations.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL statements prepared once per connection (PG_PREPARE, on); off behind a pooler in transaction mode that cannot keep them. */
  pgPrepare: boolean;
  adminPassword?: string;
  loginCaptcha: boolean;
  /** Base path of the single-page app. */
  webBase: string;
  /** Context path of the HTTP API. */
  apiBase: string;
  /** Folder holding the built single-page app. */
  webDist: string;
  logLevel: string;
  /** Trust X-Forwarded-For (set TRUST_PROXY=on only behind a reverse proxy). */
  trustProxy: boolean;
  /** Folder of the page schemas (and their seed/), when not the project's own schemas/. */
  schemasDir?: string;
  /** Run the 定时任务 rows whose status is 正常 on their cron (JOBS=off: this instance fires none; 立即执行 still runs). */
  jobs: boolean;
  /** WeChat code2session (WECHAT_CODE2SESSION_URL, WECHAT_APPID, WECHAT_SECRET); no URL: WeChat login is refused. */
  wechat: { code2SessionUrl?: string; appId?: string; secret?: string };
  /** Redis shared by the instances (REDIS_URL): live notices fan out through it; unset, an instance tells its own sockets only. */
  redisUrl?: string;
  /** Put before every key and channel this site uses in Redis (REDIS_PREFIX), so sites can share one. */
  redisPrefix: string;
  /** Where uploaded files are kept (UPLOAD_DIR, default DATA_DIR/upload): a mount every instance shares. */
  uploadDir: string;
  /** S3-compatible storage for uploads instead of the folder, when S3_ENDPOINT and S3_BUCKET are set. */
  s3?: S3Config;
  /** This instance's name in /health and the X-Instance header (INSTANCE_NAME); unset: the host name, no header. */
  instanceName?: string;
  /** METRICS_PORT: /metrics served without a token on this port; unset: only to administrators under the API. */
  metricsPort?: number;
  /** How long a SIGTERM/SIGINT waits for requests in flight before the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * Dashboard figures that took DASHBOARD_COSTLY_MS (50) or more to count are answered again for
   * DASHBOARD_KEEP_MS (10,000; 0 counts every request afresh) to users of the same row-rule scope.
   */
  dashboardFigures: { keepMs: number; costlyMs: number };
  /**
   * Live-notice sockets (`/websocket/{userId}`) this instance keeps open: LIVE_SOCKETS_PER_USER (10)
   * per user, the oldest closed for a new one; LIVE_SOCKETS_PER_ADDRESS (50) per client address, a
   * new one beyond it refused.
   */
  liveSockets: { perUser: number; perAddress: number };
  /** The HTTP server's timeouts and connection cap (HTTP_* in docs/operations.md); a timeout of 0 is none. */
  http: HttpLimits;
  /**
   * How long an `Idempotency-Key` a write was sent with is kept, with its reply (IDEMPOTENCY_KEEP_HOURS,
   * 24): a repeat within it is answered from it; IdempotencyKeyPurgeJob deletes older ones.
   */
  idempotency: { keepMs: number };
  /**
   * Where BackupJob writes its backups (BACKUP_DIR, default DATA_DIR/backup; `npm run backup`
   * too when given no file) and how many of them it keeps there (BACKUP_KEEP, 7; older ones are deleted).
   */
  backup: { dir: string; keep: number };
}

export interface HttpLimits {
  /** HTTP_HEADERS_TIMEOUT_MS (10,000): a request's headers must arrive whole within this, or the socket is closed. */
  headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS (120,000): the whole request, body included, must arrive within this (a 10 MB upload at 1 Mbit/s takes 84 s). */
  requestTimeoutMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS (5,000): how long an idle kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** HTTP_CONNECTION_TIMEOUT_MS (0, none): a socket silent this long is closed, mid-request too (a long import or export). */
  connectionTimeoutMs: number;
  /** HTTP_MAX_CONNECTIONS (10,000): sockets the server holds at once; one more is dropped. */
  maxConnections: number;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path, not the host name (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

export const DEFAULT_ADMIN_PASSWORD = 'Admin@2025';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = portNumber('PORT', env.PORT ?? '8080');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgPrepare: (env.PG_PREPARE ?? 'on').toLowerCase() !== 'off',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginCaptcha: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    webBase: '/2025/',
    apiBase: '/jeecg-boot',
    webDist: path.resolve(env.WEB_DIST ?? './dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: ['on', 'true', '1'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
    schemasDir: env.SCHEMAS_DIR ? path.resolve(env.SCHEMAS_DIR) : undefined,
    jobs: (env.JOBS ?? 'on').toLowerCase() !== 'off',
    wechat: { code2SessionUrl: env.WECHAT_CODE2SESSION_URL || undefined, appId: env.WECHAT_APPID || undefined, secret: env.WECHAT_SECRET || undefined },
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'jeecg:',
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(env.DATA_DIR ?? './data', 'upload')),
    s3: env.S3_ENDPOINT && env.S3_BUCKET ? {
      endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY || undefined, secretAccessKey: env.S3_SECRET_KEY || undefined,
      forcePathStyle: ['on', 'true', '1'].includes((env.S3_FORCE_PATH_STYLE ?? 'true').toLowerCase()),
    } : undefined,
    instanceName: env.INSTANCE_NAME || undefined,
    metricsPort: env.METRICS_PORT ? portNumber('METRICS_PORT', env.METRICS_PORT) : undefined,
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000) || 10_000,
    dashboardFigures: {
      keepMs: milliseconds('DASHBOARD_KEEP_MS', env.DASHBOARD_KEEP_MS, 10_000),
      costlyMs: milliseconds('DASHBOARD_COSTLY_MS', env.DASHBOARD_COSTLY_MS, 50),
    },
    liveSockets: {
      perUser: atLeastOne('LIVE_SOCKETS_PER_USER', env.LIVE_SOCKETS_PER_USER, 10),
      perAddress: atLeastOne('LIVE_SOCKETS_PER_ADDRESS', env.LIVE_SOCKETS_PER_ADDRESS, 50),
    },
    http: httpLimits(env),
    idempotency: { keepMs: atLeastOne('IDEMPOTENCY_KEEP_HOURS', env.IDEMPOTENCY_KEEP_HOURS, 24) * 3_600_000 },
    backup: backupPlace(env),
  };
}

function backupPlace(env: NodeJS.ProcessEnv): Config['backup'] {
  const dir = path.resolve(env.BACKUP_DIR || path.join(env.DATA_DIR ?? './data', 'backup'));
  const uploads = path.resolve(env.UPLOAD_DIR || path.join(env.DATA_DIR ?? './data', 'upload'));
  // Backups inside the uploads would be copied into every next backup.
  if (dir === uploads || dir.startsWith(`${uploads}${path.sep}`)) throw new Error(`BACKUP_DIR must not be inside UPLOAD_DIR (${uploads}), got "${env.BACKUP_DIR}"`);
  return { dir, keep: atLeastOne('BACKUP_KEEP', env.BACKUP_KEEP, 7) };
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const limits: HttpLimits = {
    headersTimeoutMs: milliseconds('HTTP_HEADERS_TIMEOUT_MS', env.HTTP_HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: milliseconds('HTTP_REQUEST_TIMEOUT_MS', env.HTTP_REQUEST_TIMEOUT_MS, 120_000),
    keepAliveTimeoutMs: milliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS', env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 5_000),
    connectionTimeoutMs: milliseconds('HTTP_CONNECTION_TIMEOUT_MS', env.HTTP_CONNECTION_TIMEOUT_MS, 0),
    maxConnections: atLeastOne('HTTP_MAX_CONNECTIONS', env.HTTP_MAX_CONNECTIONS, 10_000),
  };
  // Node refuses a header timeout longer than the request's: the headers are part of the request.
  if (limits.requestTimeoutMs > 0 && limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(`HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be longer than HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`);
  }
  return limits;
}

function atLeastOne(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return n;
}

function milliseconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`${name} must be a whole number of milliseconds, got "${raw}"`);
  return ms;
}

function portNumber(name: string, raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}
