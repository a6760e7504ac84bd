// `npm run restore -- <file> [--force]`: restores a backup of `npm run backup` (or BackupJob) into
// the database and upload folder the settings name (DATA_DIR or DATABASE_URL, UPLOAD_DIR), as the
// server would use them. The whole file is checked against its manifest first; a damaged or cut one
// is refused. The target must be empty (no SQLite file, no table, no upload) unless --force, which
// replaces the database and overwrites uploads of the same name. Stop the servers first.
//   npm run restore -- <file> --check   only check the file and say what it holds
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const callerDir = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const files = args.filter((a) => !a.startsWith('--'));
const unknown = [...flags].filter((f) => !['--force', '--check', '--help'].includes(f));
if (files.length !== 1 || unknown.length || flags.has('--help')) {
  console.log('usage: npm run restore -- <file> [--force | --check]');
  process.exit(flags.has('--help') ? 0 : 2);
}
const file = path.resolve(callerDir, files[0]);
process.chdir(root);

register();
const { readConfig } = await import('../src/server/config.ts');
const { BackupFileError, verifyArchive } = await import('../src/server/modules/backup/archive.ts');
const { RestoreRefusal, restoreBackup } = await import('../src/server/modules/backup/restore.ts');

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const describe = (m) => {
  const rows = Object.values(m.database.tables).reduce((a, b) => a + b, 0);
  console.log(`  taken ${new Date(m.createdAt).toLocaleString()} on ${m.host}: ${m.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${Object.keys(m.database.tables).length} tables, ${rows} rows, migrations up to ${m.database.migrations.last ?? '(none)'}`);
  console.log(m.uploads.kind === 'folder' ? `  uploads: ${m.uploads.files} files, ${mb(m.uploads.bytes)}` : `  uploads: not in the file (${m.uploads.note})`);
};

let code = 0;
try {
  if (flags.has('--check')) {
    const m = await verifyArchive(file);
    console.log(`backup sound: ${file}`);
    describe(m);
  } else {
    const config = readConfig(process.env);
    const r = await restoreBackup(config, file, { force: flags.has('--force') });
    console.log(`restored ${file} into ${r.target}${r.replaced ? ' (replacing what was there)' : ''}`);
    describe(r.manifest);
    console.log(`  ${r.tables} tables with the manifest's row counts, ${r.uploads} uploads written, in ${(r.durationMs / 1000).toFixed(1)} s`);
    if (r.manifest.uploads.kind === 's3') console.log('  restore the uploads from the bucket\'s versions if needed');
    else if (config.s3) console.log(`  this site keeps its uploads in the S3 bucket ${config.s3.bucket}: the backup's files went to ${config.uploadDir}; copy them into the bucket`);
  }
} catch (e) {
  // Refused: nothing was written. Failed: the database is as it was (SQLite and pg_restore each
  // restore in one step), but uploads may be partly written.
  const refused = e instanceof BackupFileError || e instanceof RestoreRefusal;
  console.error(`restore ${refused ? 'refused' : 'failed'}: ${e.message}`);
  code = 1;
}
process.exit(code);
