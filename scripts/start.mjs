// `npm start`: build the web app and compile the server when either is missing or older than its
// sources, then run the compiled server (dist/server/main.js) in this same process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newestMtime, serverBuildState, serverEntry } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const webDist = process.env.WEB_DIST ?? 'dist/web';
const built = fs.statSync(path.join(webDist, 'index.html'), { throwIfNoEntry: false });
const sources = Math.max(...['src/web', 'src/schema', 'public', 'vite.config.ts', 'package.json'].map(newestMtime));
if (!process.env.WEB_DIST && (!built || built.mtimeMs < sources)) {
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app (first start)…');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const serverState = serverBuildState();
if (serverState) {
  console.log(serverState === 'stale' ? 'server sources changed: compiling the server…' : 'compiling the server (first start)…');
  await buildServer();
}

// Stack traces name the TypeScript sources (the bundle's source map is read only when one is printed).
process.setSourceMapsEnabled(true);
await import(serverEntry);
