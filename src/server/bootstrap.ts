import path from 'node:path';
import type { Config } from './config.js';
import { DEFAULT_ADMIN_PASSWORD } from './config.js';
import { SessionCache, sessionCacheGuard } from './auth/session-cache.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';
import { BroadTotals } from './crud/broad-totals.js';
import { TableTexts } from './crud/table-texts.js';
import { syncBuiltIn } from './crud/sync.js';
import { repairHasChild } from './crud/tree.js';
import type { AppContext } from './http/context.js';
import { DictService } from './modules/dict/service.js';
import { loadSchemas } from './schema/registry.js';
import { seedWebContent } from './modules/web/seed.js';
import { seedAppletContent } from './modules/applet/seed.js';
import { seedAssessment } from './modules/assessment/seed.js';
import { upgradeForJeecgClient } from './modules/system/client-upgrade.js';
import { upgradeContestSeed } from './modules/pms/contest-upgrade.js';
import { upgradeCategoryTracks } from './modules/category/track-upgrade.js';
import { LiveHub } from './live/hub.js';
import { LivePublisher, livePlugin } from './live/publisher.js';
import { openStateStore } from './state/index.js';
import { shareSessionEvictions } from './state/session-evictions.js';
import { shareAnnouncements } from './state/announcements.js';
import type { StateStore } from './state/store.js';
import { openUploadStore } from './modules/common/uploads.js';

export interface Boot {
  ctx: AppContext;
  /** Start-up facts for the log. */
  facts: { database: string; migrations: string[]; syncedTables: string[]; seeded: boolean };
}

/** The dictionaries, their changes told to every instance (announcements.ts) when the state is shared. */
async function sharedDicts(db: ConstructorParameters<typeof DictService>[0], state: StateStore, sessions: SessionCache): Promise<DictService> {
  const dicts = new DictService(db);
  // Logged through the app's logger, which the session cache holds once there is an app.
  const changes = await shareAnnouncements(state, 'dict-change', () => dicts.invalidate(), { waitMs: 1000, log: () => sessions.log });
  if (state.shared) dicts.broadcast = () => changes.announce('');
  return dicts;
}

/**
 * Everything before the HTTP server: open the database, run migrations, load and check the page
 * schemas (a broken one stops here), create or extend their tables, seed a new database.
 */
export async function bootstrap(config: Config, root = process.cwd()): Promise<Boot> {
  const schemasDir = config.schemasDir ?? path.join(root, 'schemas');
  // The compiled server trusts a schema set this build has checked before, whatever the data dir:
  // SERVER_BUILD_ID is set by scripts/build-server.mjs, and the stamp lives beside the bundle.
  const build = process.env.SERVER_BUILD_ID;
  const schemas = loadSchemas(schemasDir, build ? { file: path.join(import.meta.dirname, 'schemas-checked'), build } : undefined);
  const connection = await connect(config);
  const { dialect, describe } = connection;
  const sessions = new SessionCache();
  const state = await openStateStore(config);
  await shareSessionEvictions(sessions, state);
  const uploads = openUploadStore(config);
  const live = new LivePublisher(new LiveHub(), undefined, config.redisPrefix);
  const db = connection.db.withPlugin(sessionCacheGuard(sessions)).withPlugin(livePlugin(live)).withPlugin(new BroadTotals()).withPlugin(new TableTexts());
  const migrations = await migrate(db);
  const syncedTables = await syncBuiltIn(db, dialect, schemas.schemas);
  const seeded = await seedIfEmpty(db, { seedDir: path.join(schemasDir, 'seed'), adminPassword: config.adminPassword ?? DEFAULT_ADMIN_PASSWORD });
  await upgradeContestSeed(db as never, { seedDir: path.join(schemasDir, 'seed') });
  await upgradeCategoryTracks(db as never, { seedDir: path.join(schemasDir, 'seed') });
  await seedWebContent(db as never, { seedDir: path.join(schemasDir, 'seed'), uploads });
  await seedAppletContent(db as never, { seedDir: path.join(schemasDir, 'seed') });
  await seedAssessment(db as never, { seedDir: path.join(schemasDir, 'seed') });
  await upgradeForJeecgClient(db as never, { seedDir: path.join(schemasDir, 'seed') });
  for (const s of schemas.schemas) if (s.kind === 'tree' && s.tree) await repairHasChild(db as never, s);
  return {
    ctx: { config, db, dialect, dicts: await sharedDicts(db, state, sessions), schemas, sessions, live, state, uploads },
    facts: { database: describe, migrations, syncedTables, seeded },
  };
}
