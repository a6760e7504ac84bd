// Compiles the server (src/server + src/schema, TypeScript) into one CommonJS file, dist/server/main.cjs,
// so a start loads plain JavaScript instead of transpiling ~300 files every time. CommonJS because
// scripts/start.mjs runs it through vm.Script with V8's code cache (scripts/code-cache.mjs).
// The packages it uses are bundled in as well, but for a few loaded from node_modules (see EXTERNAL
// and LAZY below); the .mjs files the server starts as worker threads by path (cgreport's SQLite
// worker) are copied beside the bundle.
//
//   node scripts/build-server.mjs          build when missing or older than its sources
//   node scripts/build-server.mjs --force  build anyway
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'dist/server');
export const serverEntry = path.join(serverDist, 'main.cjs');
// node_modules/.package-lock.json: npm rewrites it on every install that changes a package (now bundled in).
const SOURCES = ['src/server', 'src/schema', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

export function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** 'missing', 'stale' (a source is newer than the bundle) or null when the bundle is current. */
export function serverBuildState(bundle = serverEntry) {
  const built = fs.statSync(bundle, { throwIfNoEntry: false });
  if (!built) return 'missing';
  return built.mtimeMs < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))) ? 'stale' : null;
}

const workerFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return workerFiles(p);
  return e.name.endsWith('.mjs') && !e.name.includes('.test.') ? [p] : [];
});

// Packages are bundled too: Node resolving, reading and compiling the ~850 files of them a start
// loads cost a good part of every start. These stay outside: a native addon, packages that read files
// beside their own code, and exceljs (already loaded on the first export only).
const EXTERNAL = ['better-sqlite3', 'pg-native', 'exceljs'];

/**
 * CommonJS packages a site without S3, Redis or PostgreSQL never uses, and the captcha (which parses
 * its font as it loads): a statement importing one gets a stand-in whose members load the package
 * on first use, so a start does not pay for them (~300 ms together on this machine class).
 */
const LAZY = ['@aws-sdk/client-s3', 'ioredis', 'pg', 'svg-captcha', 'yaml', 'light-my-request'];

const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    const names = new Set(LAZY);
    const outside = new Set([...LAZY, ...EXTERNAL]);
    b.onResolve({ filter: /^[@a-z]/ }, (args) => {
      // The stand-ins' own require reaches the package itself.
      if (args.namespace === 'lazy' || args.namespace === 'required') return { path: args.path, external: true };
      // import() of a package left outside (already loaded on demand) becomes a require: the bundle runs
      // through vm.Script, where Node 20 has no stable way to serve an import().
      if (args.kind === 'dynamic-import' && outside.has(args.path)) return { path: args.path, namespace: 'required' };
      if (!names.has(args.path)) return undefined;
      return { path: args.path, namespace: 'lazy' };
    });
    b.onLoad({ filter: /.*/, namespace: 'required' }, (args) => ({ loader: 'js', contents: `module.exports = require(${JSON.stringify(args.path)});` }));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => {
      const real = createRequire(import.meta.url)(args.path);
      const members = Object.getOwnPropertyNames(real).filter((k) => typeof real !== 'function' || !['length', 'name', 'prototype', 'arguments', 'caller'].includes(k));
      return {
        loader: 'js',
        contents: `let mod;
const load = () => (mod ??= require(${JSON.stringify(args.path)}));
const lazy = ${typeof real === 'function' ? 'function (...args) { return new.target ? Reflect.construct(load(), args, new.target) : load().apply(this, args); }' : '{}'};
for (const name of ${JSON.stringify(members)}) Object.defineProperty(lazy, name, { get: () => load()[name], enumerable: true, configurable: true });
module.exports = lazy;
`,
      };
    });
  },
};

/**
 * The server's sources from `entry` compiled by esbuild into `dir`/main.cjs, with the worker files
 * beside it: what `npm start` runs, and what the benches load (scripts/bench/lib/server-modules.mjs),
 * so both measure the same code.
 */
export async function compileServer(entry, dir, buildId) {
  const { build } = await import('esbuild');
  await build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { ...entry, resolveDir: root, loader: 'ts' } }),
    outfile: path.join(dir, 'main.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    // The sources are ES modules: their import.meta reads the bundle's own place.
    define: {
      'import.meta.url': '__bundleUrl',
      'import.meta.dirname': '__dirname',
      // Names this build: src/server/bootstrap.ts trusts a schema set this very build has checked before.
      'process.env.SERVER_BUILD_ID': JSON.stringify(buildId),
    },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [lazyPackages],
  });
  for (const file of workerFiles(path.join(root, 'src/server'))) {
    const to = path.join(dir, path.basename(file));
    if (fs.existsSync(to)) throw new Error(`two worker files named ${path.basename(file)}: the bundle folder is flat`);
    fs.copyFileSync(file, to);
  }
}

/** Builds into a fresh folder and swaps it in, so a server starting meanwhile never loads half a bundle. */
export async function buildServer() {
  const started = Date.now();
  const tmp = `${serverDist}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await compileServer(path.join(root, 'src/server/main.ts'), tmp, `${started}-${process.pid}`);
  // Escaped to ASCII (a few regular expressions keep their Chinese): V8 then holds the source as one byte
  // a character, and scripts/code-cache.mjs decodes it as latin1, which is quicker than UTF-8.
  const bundle = path.join(tmp, 'main.cjs');
  const text = fs.readFileSync(bundle, 'utf8');
  // eslint-disable-next-line no-control-regex -- non-ASCII is escaped on purpose
  if (/[^\x00-\x7f]/.test(text)) fs.writeFileSync(bundle, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  // Stamped with the time the build began: a source saved while it ran still counts as newer.
  fs.utimesSync(path.join(tmp, 'main.cjs'), new Date(started), new Date(started));
  const old = `${serverDist}.${process.pid}.old`;
  try { fs.renameSync(serverDist, old); } catch (e) { if (e.code !== 'ENOENT') throw e; }
  try {
    fs.renameSync(tmp, serverDist);
  } catch (e) {
    // Another start built it at the same moment and swapped its copy in first: use that one.
    if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const state = process.argv.includes('--force') ? 'forced' : serverBuildState();
  if (state) {
    const t0 = performance.now();
    await buildServer();
    console.log(`server compiled to dist/server (${state}) in ${Math.round(performance.now() - t0)} ms`);
  } else {
    console.log('dist/server is up to date');
  }
}
