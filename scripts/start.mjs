// `npm start`: build the web app when it is missing or older than its sources, then run the server
// in this same process (TypeScript loaded through tsx, no separate compile step).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const webDist = process.env.WEB_DIST ?? 'dist/web';
const built = fs.statSync(path.join(webDist, 'index.html'), { throwIfNoEntry: false });
const sources = Math.max(...['src/web', 'src/schema', 'public', 'vite.config.ts', 'package.json'].map(newestMtime));
if (!process.env.WEB_DIST && (!built || built.mtimeMs < sources)) {
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app (first start)…');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
