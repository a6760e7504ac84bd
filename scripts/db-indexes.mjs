// `npm run db:indexes`: every page table's planned indexes (src/server/db/index-plan.ts), the
// queries each serves, and whether the database has it now — built-in pages from schemas/ and the
// synced online forms. Reads the database of DATABASE_URL / DATA_DIR as the server would; writes nothing.
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const src = path.resolve(import.meta.dirname, '../src/server');
const { readConfig } = await import(path.join(src, 'config.ts'));
const { connect } = await import(path.join(src, 'db/connect.ts'));
const { loadSchemas } = await import(path.join(src, 'schema/registry.ts'));
const { planIndexes, planText, ftsTableName, trigramIndexName } = await import(path.join(src, 'db/index-plan.ts'));
const { sql } = await import('kysely');

const config = readConfig(process.env);
const schemas = loadSchemas(config.schemasDir ?? path.resolve('schemas')).schemas;
const { db, dialect, describe } = await connect(config);
const raw = db.withoutPlugins();
try {
  const online = await sql`select synced_json as json from onl_cgform_head where synced_json is not null`.execute(raw).then((r) => r.rows.map((x) => JSON.parse(x.json)), () => []);
  const all = [...schemas, ...online];
  const present = dialect === 'sqlite'
    ? (await sql`select name from sqlite_master where type in ('index', 'table')`.execute(raw)).rows.map((r) => r.name)
    : (await sql`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(raw)).rows.map((r) => r.name);
  const has = new Set(present);
  const mark = (name) => (has.has(name) ? '✓' : '✗ missing (start the server or sync the form)');
  console.log(`Planned indexes (${describe}); ✓ present, ✗ not yet created\n`);
  let count = 0;
  const seen = new Set();
  for (const s of all) {
    if (seen.has(s.table)) continue;
    seen.add(s.table);
    const plan = planIndexes(s, all);
    const text = planText(s);
    if (!plan.length && !text) continue;
    console.log(`${s.table}  (${s.title}${online.includes(s) ? ', online form' : ''})`);
    for (const ix of plan) {
      count++;
      console.log(`  ${mark(ix.name)} ${ix.name} (${ix.columns.join(', ')})`);
      for (const q of ix.serves) console.log(`      serves ${q}`);
    }
    if (text && dialect === 'sqlite') {
      console.log(`  ${mark(ftsTableName(s.table))} ${ftsTableName(s.table)} FTS5 trigram (${text.columns.join(', ')})`);
      console.log(`      serves where <column> like '%x%' (x of 3 characters or more)`);
    }
    if (text && dialect === 'postgres') {
      for (const c of text.columns) console.log(`  ${mark(trigramIndexName(s.table, c))} ${trigramIndexName(s.table, c)} gin (${c} gin_trgm_ops)\n      serves where ${c} ilike '%x%'`);
    }
  }
  console.log(`\n${count} planned b-tree indexes over ${seen.size} tables`);
} finally {
  await db.destroy();
}
