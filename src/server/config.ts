import path from 'node:path';

/** Runtime configuration, read once from the environment (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
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
}

export const DEFAULT_ADMIN_PASSWORD = 'Admin@2025';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
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
  };
}
