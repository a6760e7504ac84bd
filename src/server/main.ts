import path from 'node:path';
import { buildApp } from './app.js';
import { DEFAULT_ADMIN_PASSWORD, readConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';
import { verifyPassword } from './auth/password.js';
import { purgeExpired } from './auth/session.js';
import { DictService } from './modules/dict/service.js';

const started = Date.now();
const config = readConfig();
const { db, dialect, describe } = await connect(config);
const applied = await migrate(db);
const seeded = await seedIfEmpty(db, { seedDir: path.resolve('schemas/seed'), adminPassword: config.adminPassword ?? DEFAULT_ADMIN_PASSWORD });

const app = await buildApp({ config, db, dialect, dicts: new DictService(db) }, {
  logger: { level: config.logLevel, transport: undefined },
});
await app.listen({ port: config.port, host: config.host });

const log = app.log;
log.info(`database: ${describe}${applied.length ? `, migrations applied: ${applied.join(', ')}` : ''}${seeded ? ', seeded' : ''}`);
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
