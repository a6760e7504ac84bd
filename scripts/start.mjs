// `npm start`: build the web app and compile the server when either is missing or older than its
// sources, then run the compiled server (dist/server/main.cjs) in this same process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SourceMap } from 'node:module';
import { buildServer, newestMtime, serverBuildState, serverDist, serverEntry } from './build-server.mjs';
import { runWithCodeCache } from './code-cache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// A web build from elsewhere (WEB_DIST) is served as it is: its sources are not walked.
const webDist = process.env.WEB_DIST ?? 'dist/web';
const built = !process.env.WEB_DIST && fs.statSync(path.join(webDist, 'index.html'), { throwIfNoEntry: false });
const webStale = () => !built || built.mtimeMs < Math.max(...['src/web', 'src/schema', 'public', 'vite.config.ts', 'package.json'].map(newestMtime));
if (!process.env.WEB_DIST && webStale()) {
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app (first start)…');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const serverState = serverBuildState();
if (serverState) {
  console.log(serverState === 'stale' ? 'server sources changed: compiling the server…' : 'compiling the server (first start)…');
  await buildServer();
}

// Stack traces name the TypeScript sources. Node's own source-map support reads and indexes the
// bundle's map as the bundle loads, on every start; here the map is read the first time a stack of
// the bundle is formatted, and each frame in the bundle is rewritten to its source file and line.
const bundleUrl = pathToFileURL(serverEntry).href;
let bundleMap;
const mapOf = () => (bundleMap ??= (() => {
  try {
    return new SourceMap(JSON.parse(fs.readFileSync(`${serverEntry}.map`, 'utf8')));
  } catch {
    return null;
  }
})());
const sourceOf = (frame) => {
  const file = frame.getFileName();
  if (file !== bundleUrl && file !== serverEntry) return undefined;
  const entry = mapOf()?.findEntry(frame.getLineNumber() - 1, frame.getColumnNumber() - 1);
  if (!entry?.originalSource) return undefined;
  const source = path.resolve(serverDist, entry.originalSource.replace(/^file:\/\//, '/'));
  return { from: `${file}:${frame.getLineNumber()}:${frame.getColumnNumber()}`, to: `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}` };
};
Error.prepareStackTrace = (error, frames) => {
  let head;
  try {
    head = Error.prototype.toString.call(error);
  } catch {
    head = '<error>';
  }
  return head + frames.map((frame) => {
    const text = String(frame);
    const mapped = sourceOf(frame);
    return `\n    at ${mapped ? text.replace(mapped.from, mapped.to) : text}`;
  }).join('');
};
runWithCodeCache(serverEntry);
