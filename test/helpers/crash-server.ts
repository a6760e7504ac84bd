/**
 * The server as `npm start` runs it (config from the environment, bootstrap, buildApp, listen), with
 * one addition for crash tests: the process kills itself (SIGKILL, no goodbye) while serving the write
 * sent with the Idempotency-Key CRASH_KEY, at CRASH_AT: `marked` (its key marked inside the write's
 * transaction, not yet committed) or `committed` (committed, the reply not yet kept nor sent).
 *
 *   node --import tsx test/helpers/crash-server.ts
 */
import { buildApp } from '../../src/server/app.js';
import { bootstrap } from '../../src/server/bootstrap.js';
import { readConfig } from '../../src/server/config.js';
import { idempotencyProbe } from '../../src/server/http/idempotency.js';

const config = readConfig();
const { CRASH_KEY, CRASH_AT } = process.env;
if (CRASH_KEY) {
  const die = (key: string) => { if (key === CRASH_KEY) process.kill(process.pid, 'SIGKILL'); };
  if (CRASH_AT === 'marked') idempotencyProbe.marked = die;
  else idempotencyProbe.committed = die;
}
const { ctx } = await bootstrap(config);
const app = await buildApp(ctx);
await app.listen({ port: config.port, host: config.host });
console.log('ready');
