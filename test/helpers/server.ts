import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { bootstrap } from '../../src/server/bootstrap.js';
import type { Db } from '../../src/server/db/tables.js';
import { createPgDatabase, PG_ADMIN_URL } from './pg-admin.js';
import { PG_TEMPLATE_FILE } from './templates.setup.js';

export type Backend = 'sqlite' | 'postgres';

function backendFromEnv(): Backend {
  const v = (process.env.TEST_DB || 'sqlite').toLowerCase();
  if (v === 'sqlite' || v === 'postgres') return v;
  throw new Error(`TEST_DB must be "sqlite" or "postgres", got "${process.env.TEST_DB}"`);
}

/** The backend the api project runs on: SQLite unless TEST_DB=postgres. */
export const BACKEND: Backend = backendFromEnv();

export { PG_ADMIN_URL };

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
  /** More configuration, as the environment would give it (e.g. DASHBOARD_COSTLY_MS). */
  env?: Record<string, string>;
}

async function parse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') || /^\s*[{[]/.test(text)) {
    try { body = JSON.parse(text); } catch { body = text; }
  }
  return { status: res.status, body, text, headers: res.headers };
}

/**
 * A database migrated and seeded once per test run, copied for each server that loads the project's
 * own schemas: seeding a new PostgreSQL database took 1.3 s a server, copying one takes 0.2 s. A copy
 * starts as a restart does (migrations and seeds find their work done), which is how a real install
 * starts every day; the first start from nothing is still run, once per backend for the template and
 * for every server given its own `root`. The run's folder comes from test/helpers/templates.setup.ts.
 */
interface Template { dataDir: string; pgName?: string }
const templates = new Map<Backend, Promise<Template | null>>();
/** Copies from one template one at a time: PostgreSQL refuses a copy while the source has a session. */
let copying: Promise<unknown> = Promise.resolve();
function copyPgDatabase(template: string) {
  const copy = copying.then(() => createPgDatabase(template));
  copying = copy.catch(() => undefined);
  return copy;
}

function templateFor(backend: Backend): Promise<Template | null> {
  let t = templates.get(backend);
  if (!t) {
    const runDir = templateRunDir();
    t = !runDir ? Promise.resolve(null) : (async () => {
      const dataDir = path.join(runDir, backend);
      const created = backend === 'postgres' ? await createPgDatabase() : undefined;
      if (created) fs.writeFileSync(path.join(runDir, PG_TEMPLATE_FILE), created.name);
      const { ctx } = await bootstrap({ ...configFor(dataDir, created?.url, {}), adminPassword: ADMIN_PASSWORD });
      await (await buildApp(ctx)).close();
      await ctx.db.destroy();
      return { dataDir, pgName: created?.name };
    })();
    templates.set(backend, t);
  }
  return t;
}

function templateRunDir(): string | undefined {
  try {
    return inject('apiTemplateDir') || undefined;
  } catch {
    return undefined; // not under vitest's api project
  }
}

function configFor(dataDir: string, databaseUrl: string | undefined, opts: StartOptions) {
  return readConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOGIN_CAPTCHA: opts.loginCaptcha ? 'on' : 'off',
    WEB_DIST: opts.webDist ?? WEB_DIST,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: opts.trustProxy ? 'on' : 'off',
    JOBS: opts.jobs ? 'on' : 'off',
    ...opts.env,
  });
}

/**
 * Starts the real server in this process on a fresh database (a temp SQLite file, or a new
 * PostgreSQL database), migrated and seeded (a copy of the run's template unless `root` is given),
 * listening on a random loopback port.
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
    const template = opts.root ? null : await templateFor(backend);
    if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      const created = await (template?.pgName ? copyPgDatabase(template.pgName) : createPgDatabase());
      cleanups.push(created.drop);
      databaseUrl = created.url;
    }

    const config = configFor(dataDir, databaseUrl, opts);
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
