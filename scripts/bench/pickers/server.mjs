// Child process of pickers.mjs: boots the real server (migrate, seed) on the repository's schemas,
// fills the database (data.mjs), then serves the API under /jeecg-boot and the built bench page as
// its web app under /2025/ (WEB_DIST), so page and API share one origin.
// IPC out: { type: 'ready', port, ... } or { type: 'error', message }.
import path from 'node:path';
import { fillPostgres, fillSqlite } from './data.mjs';
import { serverModules } from '../lib/server-modules.mjs';

try {
  const repo = path.resolve(import.meta.dirname, '../../..');
  const { bootstrap, buildApp, readConfig, nextChildCode } = await serverModules(['src/server/bootstrap.ts', 'src/server/app.ts', 'src/server/config.ts', 'src/server/modules/category/code.ts']);

  const config = readConfig({ ...process.env, LOGIN_CAPTCHA: 'off', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' });
  const { ctx } = await bootstrap(config, repo);
  const users = Number(process.env.USERS);
  const filled = ctx.dialect === 'sqlite'
    ? await fillSqlite(path.join(config.dataDir, 'platform.db'), users, nextChildCode)
    : await fillPostgres(config.databaseUrl, users, nextChildCode);

  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const shutdown = async () => {
    await app.close().catch(() => undefined);
    await ctx.db.destroy().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('disconnect', shutdown);
  process.send({ type: 'ready', port: app.server.address().port, dialect: ctx.dialect, apiBase: config.apiBase, webBase: config.webBase, ...filled });
} catch (e) {
  process.send?.({ type: 'error', message: e.stack ?? String(e) });
  process.exit(1);
}
