import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the product has seeded, copied by each test's server (harness.ts). */
    e2eTemplateDir: string;
  }
}

/**
 * The e2e project's global setup: the product started once on a new data folder and stopped, so
 * each file's server starts on a copy of what it seeded (a fresh start seeds for about 2 s here).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-template-'));
  const server = await spawnServer(dir);
  await server.stop();
  project.provide('e2eTemplateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
