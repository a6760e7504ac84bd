import { buildApp } from './app.js';
import { verifyPassword } from './auth/password.js';
import { purgeExpired } from './auth/session.js';
import { bootstrap } from './bootstrap.js';
import { DEFAULT_ADMIN_PASSWORD, readConfig, type Config } from './config.js';
import { loggerOptions } from './http/log-redact.js';
import { markDraining } from './http/health.js';
import { listenMetrics } from './http/metrics.js';
import { InstanceBeacon } from './state/instances.js';
import { SchemaError } from '../schema/check.js';

// A function, not top-level await: the bundle is CommonJS so that scripts/start.mjs can load it with
// V8's code cache (Node 20 has no module compile cache).
async function main(): Promise<void> {
  const started = Date.now();
  let config: Config;
  try {
    config = readConfig();
  } catch (e) {
    // A malformed setting (LIVE_SOCKETS_PER_USER=many): one line naming it, not a stack trace.
    console.error(`configuration error: ${(e as Error).message}`);
    process.exit(1);
  }

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
  const metricsServer = config.metricsPort === undefined ? undefined : await listenMetrics(app.metrics, config.metricsPort, config.host);

  const log = app.log;
  let beacon: InstanceBeacon | undefined;
  let stopping = false;
  /**
   * SIGTERM/SIGINT: /ready turns 503 and the listener stops taking connections; requests in flight
   * finish, then the sockets, the jobs scheduler (app's onClose hooks) and the database pool close.
   * Past SHUTDOWN_TIMEOUT_MS the process exits anyway, so a stuck request cannot hold a deploy.
   * Installed as soon as the server listens: a stop that comes during the checks below is graceful too.
   */
  async function shutdown(signal: string): Promise<void> {
    stopping = true;
    log.info({ signal }, 'shutting down: finishing the requests in flight');
    markDraining(app);
    setTimeout(() => {
      log.error(`shutdown: requests still running after ${config.shutdownTimeoutMs} ms, exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await Promise.all([app.close(), metricsServer?.close()]);
      await beacon?.stop().catch(() => undefined);
      await db.destroy();
    } catch (err) {
      log.error({ err }, 'shutdown: closing failed');
      process.exit(1);
    }
    log.info('shutdown: done');
    process.exit(0);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal));

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

  if (stopping) return;
  // Warns when another instance serves this database while the state is not shared through Redis.
  beacon = new InstanceBeacon(db as never, ctx.state.shared, log);
  await beacon.start().catch((err) => log.error({ err }, 'instance heartbeat failed'));

  const sweep = setInterval(() => purgeExpired(db).catch((err) => log.error({ err }, 'session sweep failed')), 60 * 60_000);
  sweep.unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
