import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { bootstrap } from '../../src/server/bootstrap.js';
import type { Db } from '../../src/server/db/tables.js';

export type Backend = 'sqlite' | 'postgres';

function backendFromEnv(): Backend {
  const v = (process.env.TEST_DB || 'sqlite').toLowerCase();
  if (v === 'sqlite' || v === 'postgres') return v;
  throw new Error(`TEST_DB must be "sqlite" or "postgres", got "${process.env.TEST_DB}"`);
}

/** The backend the api project runs on: SQLite unless TEST_DB=postgres. */
export const BACKEND: Backend = backendFromEnv();

/** Connection used to create and drop one throw-away database per test file. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Password of every seeded account except the guest (the seed gives the demo accounts the admin's). */
export const ADMIN_PASSWORD = 'Adm1n-Test-2025';

/** The web build the web-route tests look for. */
export const WEB_DIST = path.resolve('dist/web');

export interface ApiResponse<T = any> {
  status: number;
  /** Parsed JSON when the answer is JSON, else the raw text. */
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  /** Sent as X-Access-Token. */
  token?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless it is already a string (then sent as is, for malformed-body tests). */
  body?: unknown;
  contentType?: string;
  /** Gives up (rejects) after this many milliseconds: for tests of a server that must not hang. */
  timeoutMs?: number;
}

export interface Api {
  (method: string, urlPath: string, opts?: RequestOptions): Promise<ApiResponse>;
  get(urlPath: string, opts?: RequestOptions): Promise<ApiResponse>;
  post(urlPath: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse>;
  put(urlPath: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse>;
}

export interface TestServer {
  backend: Backend;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** baseUrl + the API context path (/jeecg-boot). */
  apiUrl: string;
  /** Fetch wrapper; paths are relative to the API context path (/jeecg-boot). */
  api: Api;
  /** Plain request to any path of the server (web routes), redirects not followed. */
  raw(urlPath: string, init?: RequestInit): Promise<ApiResponse>;
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL database's URL (for a second server process on the same database); undefined on SQLite. */
  databaseUrl?: string;
  /** The code a captcha key currently expects (read from sys_captcha). */
  captchaCode(key: string): Promise<string | undefined>;
  /** Logs in (solving the captcha when it is on) and returns the token; throws when refused. */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
  /** Stops the server and starts it again on the same database (what a deploy or a crash does). */
  restart(): Promise<void>;
}

export interface StartOptions {
  /** The login captcha (LOGIN_CAPTCHA); off unless asked for. */
  loginCaptcha?: boolean;
  backend?: Backend;
  /** Folder of the built web app; dist/web by default. */
  webDist?: string;
  /** Folder whose schemas/ (and schemas/seed/) the server loads; the working directory by default. */
  root?: string;
  /** TRUST_PROXY: take the client address from X-Forwarded-For (to act as several addresses). */
  trustProxy?: boolean;
  /** Fastify logger options (with a `stream` to read what is logged); no logger by default. */
  logger?: object;
  /** Run the 定时任务 scheduler (JOBS); off unless a test wants jobs to fire. */
  jobs?: boolean;
}

async function parse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') || /^\s*[{[]/.test(text)) {
    try { body = JSON.parse(text); } catch { body = text; }
  }
  return { status: res.status, body, text, headers: res.headers };
}

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`TEST_DB=postgres but PostgreSQL is not reachable at ${PG_ADMIN_URL} (${(err as Error).message}). `
      + 'Start it with: pg_ctlcluster --skip-systemctl-redirect 15 main start');
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Starts the real server in this process on a fresh database (a temp SQLite file, or a new
 * PostgreSQL database), migrated and seeded, listening on a random loopback port.
 */
export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const backend = opts.backend ?? BACKEND;
  const cleanups: (() => Promise<void> | void)[] = [];
  const runCleanups = async () => {
    for (const fn of cleanups.reverse()) {
      try { await fn(); } catch (err) { console.error('test server cleanup failed:', err); }
    }
  };

  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      const created = await createPgDatabase();
      cleanups.push(created.drop);
      databaseUrl = created.url;
    }

    const config = readConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOGIN_CAPTCHA: opts.loginCaptcha ? 'on' : 'off',
      WEB_DIST: opts.webDist ?? WEB_DIST,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: opts.trustProxy ? 'on' : 'off',
      JOBS: opts.jobs ? 'on' : 'off',
    });
    const boot = async () => {
      const { ctx } = await bootstrap({ ...config, adminPassword: ADMIN_PASSWORD }, opts.root);
      if (ctx.dialect !== backend) throw new Error(`expected a ${backend} connection, got ${ctx.dialect}`);
      const built = await buildApp(ctx, { logger: opts.logger });
      await built.listen({ port: 0, host: '127.0.0.1' });
      const addr = built.server.address();
      if (!addr || typeof addr === 'string') throw new Error('server has no TCP address');
      return { db: ctx.db, app: built, baseUrl: `http://127.0.0.1:${addr.port}` };
    };
    let { db, app, baseUrl } = await boot();
    let apiUrl = `${baseUrl}${config.apiBase}`;
    // Read at cleanup time: after a restart they are the new server's.
    cleanups.push(() => db.destroy());
    // A test's own fetch may leave a connection the server still counts as busy (seen after a
    // multipart upload in the Vue contract test): teardown ends every connection rather than wait.
    cleanups.push(() => { app.server.closeAllConnections(); return app.close(); });

    const request = async (method: string, urlPath: string, o: RequestOptions = {}): Promise<ApiResponse> => {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers['X-Access-Token'] = o.token;
      let body: string | undefined;
      if (o.body !== undefined) {
        body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
        headers['Content-Type'] = o.contentType ?? 'application/json';
      }
      const signal = o.timeoutMs ? AbortSignal.timeout(o.timeoutMs) : undefined;
      const res = await fetch(`${apiUrl}${urlPath}`, { method, headers, body, redirect: 'manual', signal });
      return parse(res);
    };
    const api = Object.assign(request, {
      get: (p: string, o?: RequestOptions) => request('GET', p, o),
      post: (p: string, body?: unknown, o?: RequestOptions) => request('POST', p, { ...o, body }),
      put: (p: string, body?: unknown, o?: RequestOptions) => request('PUT', p, { ...o, body }),
    }) as Api;

    const captchaCode = async (key: string) => {
      const keyHash = createHash('sha256').update(`captcha:${key}`).digest('hex');
      const row = await db.selectFrom('sysCaptcha').select('code').where('keyHash', '=', keyHash).executeTakeFirst();
      return row?.code;
    };

    const login = async (username = 'admin', password = ADMIN_PASSWORD) => {
      const body: Record<string, string> = { username, password };
      if (config.loginCaptcha) {
        const checkKey = `k${randomBytes(8).toString('hex')}`;
        await request('GET', `/sys/randomImage/${checkKey}`);
        body.checkKey = checkKey;
        body.captcha = (await captchaCode(checkKey)) ?? '';
      }
      const res = await request('POST', '/sys/login', { body });
      if (res.status !== 200 || res.body?.success !== true) throw new Error(`login of ${username} refused: ${res.text}`);
      return res.body.result.token as string;
    };

    let closed = false;
    const server: TestServer = {
      backend,
      baseUrl,
      apiUrl,
      api,
      raw: async (urlPath, init) => parse(await fetch(`${baseUrl}${urlPath}`, { redirect: 'manual', ...init })),
      app,
      db,
      databaseUrl,
      captchaCode,
      login,
      close: async () => {
        if (closed) return;
        closed = true;
        await runCleanups();
      },
      restart: async () => {
        await app.close();
        await db.destroy();
        ({ db, app, baseUrl } = await boot());
        apiUrl = `${baseUrl}${config.apiBase}`;
        Object.assign(server, { app, db, baseUrl, apiUrl });
      },
    };
    return server;
  } catch (err) {
    await runCleanups();
    throw err;
  }
}
