import { buildApp } from './app.js';
import { verifyPassword } from './auth/password.js';
import { purgeExpired } from './auth/session.js';
import { bootstrap } from './bootstrap.js';
import { DEFAULT_ADMIN_PASSWORD, readConfig } from './config.js';
import { loggerOptions } from './http/log-redact.js';
import { SchemaError } from '../schema/check.js';

const started = Date.now();
const config = readConfig();

let boot;
try {
  boot = await bootstrap(config);
} catch (e) {
  // A broken schema or an unreachable database: one clear line, no stack trace to dig through.
  console.error(e instanceof SchemaError ? `schema error: ${e.message}` : `start-up failed: ${(e as Error).message}`);
  process.exit(1);
}
const { ctx, facts } = boot;
const { db } = ctx;

const app = await buildApp(ctx, { logger: loggerOptions(config.logLevel) });
await app.listen({ port: config.port, host: config.host });

const log = app.log;
const notes = [
  facts.migrations.length && `migrations applied: ${facts.migrations.join(', ')}`,
  facts.syncedTables.length && `tables created or extended: ${facts.syncedTables.join(', ')}`,
  facts.seeded && 'seeded',
].filter(Boolean);
log.info(`database: ${facts.database}${notes.length ? ` (${notes.join('; ')})` : ''}`);
log.info(`ready in ${Date.now() - started} ms: http://localhost:${config.port}${config.webBase} (API ${config.apiBase})`);
if (!config.loginCaptcha) log.warn('LOGIN_CAPTCHA=off: the login captcha is disabled');

const admin = await db.selectFrom('sysUser').select('password').where('username', '=', 'admin').executeTakeFirst();
if (admin && (await verifyPassword(DEFAULT_ADMIN_PASSWORD, admin.password))) {
  log.warn(`the administrator "admin" still has the default password ${DEFAULT_ADMIN_PASSWORD}: change it after logging in`);
}

const sweep = setInterval(() => purgeExpired(db).catch((err) => log.error({ err }, 'session sweep failed')), 60 * 60_000);
sweep.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}
