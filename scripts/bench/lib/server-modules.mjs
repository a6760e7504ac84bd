// The server's modules for a bench, compiled as `npm start` compiles them (scripts/build-server.mjs)
// rather than transpiled by tsx at load: tsx keeps every function's name by wrapping each closure as
// it is made (esbuild's keepNames), which cost the list path ~15 % of its requests a second, so a
// bench on tsx measured a slower server than the one people run.
//
//   const { bootstrap, buildApp, sql } = await serverModules(['src/server/bootstrap.ts', 'src/server/app.ts', 'kysely']);
//
// The answer holds the named exports of all the modules asked for (a name two of them export
// differently is an error). They come from one bundle, so they share one copy of each module (a class
// made in one is the class another checks for), Kysely's included: ask for 'kysely' here rather than
// importing it beside. The bundle is kept in node_modules/.cache/bench/server-<hash of the checkout and the list> and
// built again when a source is newer than it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileServer, serverBuildState } from '../../build-server.mjs';
import { repo } from './load.mjs';

/** `modules`: paths from the repository's root, or packages' names. */
export async function serverModules(modules) {
  const source = modules.map((spec, i) => `export * as m${i} from ${JSON.stringify(spec.startsWith('src/') ? `./${spec}` : spec)};`).join('\n');
  // The checkout is part of the key: two checkouts sharing node_modules (a worktree of an older commit) keep their own bundles.
  const hash = createHash('sha256').update(repo).update(source).digest('hex').slice(0, 12);
  const dir = path.join(repo, 'node_modules/.cache/bench', `server-${hash}`);
  const bundle = path.join(dir, 'main.cjs');
  if (serverBuildState(bundle)) {
    const started = Date.now();
    const tmp = `${dir}.${process.pid}.tmp`;
    fs.rmSync(tmp, { recursive: true, force: true });
    await compileServer({ contents: source, sourcefile: 'bench-entry.ts' }, tmp, `bench-${started}-${process.pid}`);
    fs.utimesSync(path.join(tmp, 'main.cjs'), new Date(started), new Date(started));
    fs.rmSync(dir, { recursive: true, force: true });
    try { fs.renameSync(tmp, dir); } catch (e) {
      // Another bench built the same list at the same moment.
      if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  const loaded = createRequire(import.meta.url)(bundle);
  const named = {};
  modules.forEach((spec, i) => {
    for (const [name, value] of Object.entries(loaded[`m${i}`])) {
      if (name in named && named[name] !== value) throw new Error(`serverModules: ${spec} and another module both export ${name}`);
      named[name] = value;
    }
  });
  return named;
}
