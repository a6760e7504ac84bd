// Child process of websocket.mjs: one server instance (the env's DATA_DIR / DATABASE_URL / REDIS_URL)
// on a loopback port. IPC out: { type: 'ready', port }; in: { type: 'mem' } → out: { type: 'mem',
// heapKb, externalKb, rssKb } after a full garbage collection (run with --expose-gc).
import { serverModules } from '../lib/server-modules.mjs';

const { bootstrap, buildApp, readConfig } = await serverModules(['src/server/bootstrap.ts', 'src/server/app.ts', 'src/server/config.ts']);

try {
  const config = { ...readConfig({ ...process.env, LOGIN_CAPTCHA: 'off', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', JOBS: 'off' }), adminPassword: process.env.ADMIN_PASSWORD };
  const { ctx } = await bootstrap(config);
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (m) => {
    if (m.type !== 'mem') return;
    globalThis.gc?.();
    const u = process.memoryUsage();
    process.send({ type: 'mem', heapKb: u.heapUsed / 1024, externalKb: (u.external + u.arrayBuffers) / 1024, rssKb: u.rss / 1024 });
  });
  process.once('SIGTERM', async () => { await app.close(); await ctx.db.destroy(); process.exit(0); });
  process.send({ type: 'ready', port: app.server.address().port });
} catch (e) {
  process.send({ type: 'error', message: e.message });
}
