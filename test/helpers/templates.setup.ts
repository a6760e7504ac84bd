import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPgDatabase } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's seeded templates (test/helpers/server.ts). */
    apiTemplateDir: string;
  }
}

/** In the run's folder: the name of the PostgreSQL template database, once one is made. */
export const PG_TEMPLATE_FILE = 'postgres.name';

/** The api project's global setup: a folder for the run's templates, removed with them at the end. */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-templates-'));
  project.provide('apiTemplateDir', dir);
  return async () => {
    const named = path.join(dir, PG_TEMPLATE_FILE);
    if (fs.existsSync(named)) await dropPgDatabase(fs.readFileSync(named, 'utf8').trim());
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
