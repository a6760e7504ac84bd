// Runs a CommonJS bundle with V8's code cache, which Node 20 offers only through vm.Script
// (module.enableCompileCache came in Node 22). Without it every start parses the 4 MB server bundle
// and compiles each function it calls again; with it V8 reads back the code compiled last time.
//
// The cache is written once per bundle, a while after the start (or at exit, if sooner) so that it
// holds the functions the start and the first requests compiled. It lies beside the bundle, named by the bundle file's identity
// (inode, size, modification time; a build writes a new file and never rewrites one): V8 checks only
// the source's length before trusting a cache, so a rebuilt bundle must never find an old one.
import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const WRITE_AFTER_MS = 10_000;

/** Runs `file` as a CommonJS module (its exports are not needed), creating its code cache when missing. */
export function runWithCodeCache(file, { writeAfterMs = WRITE_AFTER_MS } = {}) {
  const fd = fs.openSync(file, 'r');
  let bytes, stat;
  try {
    stat = fs.fstatSync(fd);
    bytes = fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  const cacheFile = `${file}.${stat.dev}-${stat.ino}-${stat.size}-${Math.round(stat.mtimeMs)}.v8cache`;
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch { /* first start of this bundle */ }
  // No importModuleDynamically: the bundle has no import() (scripts/build-server.mjs turns them into requires).
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    const write = () => {
      process.off('exit', write);
      clearTimeout(timer);
      writeCache(script, file, cacheFile);
    };
    const timer = setTimeout(write, writeAfterMs).unref();
    process.once('exit', write);
  }
  const module = { exports: {}, filename: file, id: file };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return { cacheFile, cached: Boolean(cachedData) && !script.cachedDataRejected };
}

function writeCache(script, file, cacheFile) {
  try {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
    // Caches of earlier bundles at this place are of no more use.
    const prefix = `${path.basename(file)}.`;
    for (const name of fs.readdirSync(path.dirname(file))) {
      const other = path.join(path.dirname(file), name);
      if (name.startsWith(prefix) && name.endsWith('.v8cache') && other !== cacheFile) fs.rmSync(other, { force: true });
    }
  } catch {
    // A read-only install starts without the cache, as before.
  }
}
