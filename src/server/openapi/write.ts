import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { bootstrap } from '../bootstrap.js';
import { readConfig } from '../config.js';
import { buildDocument } from './document.js';

/**
 * `npm run openapi`: the document the server would serve at v3/api-docs, written to a file. Built on a
 * throw-away seeded SQLite database unless DATABASE_URL or DATA_DIR names a site's own (whose synced
 * online forms then appear too). No port is opened and no job runs.
 */
export async function writeOpenApiDocument(file: string, env: NodeJS.ProcessEnv = process.env): Promise<{ paths: number; bytes: number }> {
  const scratch = env.DATABASE_URL || env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  try {
    const config = readConfig({ ...env, ...(scratch ? { DATA_DIR: scratch } : {}), JOBS: 'off', LOG_LEVEL: 'silent' });
    const { ctx } = await bootstrap(config);
    const app = await buildApp(ctx);
    try {
      await app.ready();
      const text = `${JSON.stringify(await buildDocument(app), null, 2)}\n`;
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      fs.writeFileSync(file, text);
      return { paths: Object.keys(JSON.parse(text).paths).length, bytes: Buffer.byteLength(text) };
    } finally {
      await app.close();
      await ctx.db.destroy();
    }
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}
