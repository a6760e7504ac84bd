// `npm run backup [-- <file>]`: a consistent copy of the database and the uploads in one file,
// taken while the server runs (src/server/modules/backup): SQLite through its online backup API,
// PostgreSQL through pg_dump -Fc. Without a file it writes backup-<time>.tar into BACKUP_DIR.
// Reads the same settings as the server (DATA_DIR, DATABASE_URL, UPLOAD_DIR, S3_*, BACKUP_DIR).
// TypeScript is loaded through tsx, as `npm run openapi` does.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// npm runs scripts in the project's folder; a file named on the command line is the caller's.
const callerDir = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2);
if (args.some((a) => a === '-h' || a === '--help') || args.length > 1) {
  console.log('usage: npm run backup [-- <file>]   (default: BACKUP_DIR/backup-<time>.tar)');
  process.exit(args.length > 1 ? 2 : 0);
}
const file = args[0] ? path.resolve(callerDir, args[0]) : undefined;
process.chdir(root);

register();
const { readConfig } = await import('../src/server/config.ts');
const { takeBackup, recordBackup } = await import('../src/server/modules/backup/backup.ts');
const { connect } = await import('../src/server/db/connect.ts');

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
let config;
try {
  config = readConfig(process.env);
} catch (e) {
  console.error(`backup: ${e.message}`);
  process.exit(1);
}
let code = 0;
try {
  const r = await takeBackup(config, { file });
  const m = r.manifest;
  const rows = Object.values(m.database.tables).reduce((a, b) => a + b, 0);
  console.log(`backup written: ${r.file}`);
  console.log(`  ${m.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${m.database.serverVersion.split(' ')[0]}: ${Object.keys(m.database.tables).length} tables, ${rows} rows, migrations up to ${m.database.migrations.last ?? '(none)'}`);
  console.log(m.uploads.kind === 'folder'
    ? `  uploads: ${m.uploads.files} files, ${mb(m.uploads.bytes)}${r.vanished ? ` (${r.vanished} deleted while the backup ran, left out)` : ''}`
    : `  uploads: in the S3 bucket ${m.uploads.bucket}, not in this file; keep the bucket versioned`);
  console.log(`  ${mb(r.bytes)} in ${(r.durationMs / 1000).toFixed(1)} s`);
  const { db } = await connect(config);
  try {
    if (!(await recordBackup(db, r, 'command'))) {
      console.log('  (not listed on 系统监控: this database has no sys_backup table yet; start the server once on this version)');
    }
  } finally {
    await db.destroy();
  }
} catch (e) {
  console.error(`backup failed: ${e.message}`);
  code = 1;
}
process.exit(code);
