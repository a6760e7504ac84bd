import { mainsOf } from '../../schema/permission.js';
import { snakeCase, type FieldSchema, type PageSchema } from '../../schema/types.js';
import { columnFields } from '../../schema/ddl.js';
import { viewInterface } from '../../schema/views.js';
import { queryItems } from '../../schema/query-bar.js';

/**
 * Indexes planned from the page schemas (no index is written by hand per page): what a list of the
 * page filters on — query fields, row-rule columns, a sub page's foreign key, a tree's parent — each
 * followed by the page's sort so that a filtered page reads in order and stops at its limit; the
 * sort alone; the columns other pages look rows up by (table dictionaries, row-rule relations).
 * Every planned name starts `ix_`: the sync creates and drops only those, never an index it did not plan.
 */
export interface PlannedIndex {
  table: string;
  name: string;
  /** snake_case columns, in order. */
  columns: string[];
  /** The queries it serves, for `npm run db:indexes`. */
  serves: string[];
}

/** A page's text-searchable columns (`search: true`): FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL. */
export interface TextPlan {
  table: string;
  /** snake_case columns. */
  columns: string[];
}

export const OUR_INDEX_PREFIX = 'ix_';
/** More than this many planned indexes on one table cost every write more than they save a read. */
export const MAX_PLANNED = 10;

/** A short stable hash, so a long name stays unique when cut to PostgreSQL's 63 characters. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

export function indexName(table: string, columns: string[], suffix = ''): string {
  const name = `${OUR_INDEX_PREFIX}${table}_${columns.join('_')}${suffix}`;
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${hash(name)}`.slice(0, 63);
}

export const trigramIndexName = (table: string, column: string) => indexName(table, [column], '_trgm');
export const ftsTableName = (table: string) => `fts_${table}`;

/** The columns a page's list sorts by when the client names none, with "id" last (the engine's tie-break). */
export function sortColumns(schema: PageSchema): { columns: string[]; text: string } {
  const s = schema.defaultSort ?? { column: 'createTime', order: 'desc' as const };
  const col = snakeCase(s.column);
  return { columns: col === 'id' ? ['id'] : [col, 'id'], text: `order by ${col} ${s.order}` };
}

/** The query bar sends what is typed into a text box as `*x*` (query-bar.ts): a b-tree cannot serve it, a text index can. */
const textual = (f: FieldSchema) => queryItems({ fields: [f] })[0]?.textual ?? false;

/** A column compared for equality (a dictionary value, a code, a flag) rather than a range or a text search. */
const equalityField = (f: FieldSchema) => f.query === 'single' && !['text', 'blob', 'double', 'decimal'].includes(f.type) && !textual(f);

const startsWith = (cols: string[], prefix: string[]) => prefix.length <= cols.length && prefix.every((c, i) => cols[i] === c);

/** The indexes one page's table should have (besides its primary key and its declared `index`/`unique`). */
export function planIndexes(schema: PageSchema, all: PageSchema[] = [schema]): PlannedIndex[] {
  const fields = columnFields(schema).filter((f) => !f.sensitive);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const sort = sortColumns(schema);
  const wanted: { columns: string[]; serves: string }[] = [];
  const filterThenSort = (name: string, why: string) => {
    const col = snakeCase(name);
    if (col === 'id') return;
    wanted.push({ columns: col === sort.columns[0] ? sort.columns : [col, ...sort.columns], serves: `${why}: where ${col} = ? ${sort.text}` });
  };

  if (sort.columns.length > 1) wanted.push({ columns: sort.columns, serves: `list page: ${sort.text}` });
  // Row rules: every list of a restricted user carries these conditions.
  for (const r of schema.rowRules ?? []) {
    if (r.own) filterThenSort('createBy', `row rule (${r.role}: own rows)`);
    const f = r.field ? byName.get(r.field) : undefined;
    if (f && !viewInterface(f.view).multiple?.(f)) filterThenSort(f.name, `row rule (${r.role}: ${f.name} names the user)`);
    if (r.department) filterThenSort('sysOrgCode', `row rule (${r.role}: department)`);
    if (r.states && schema.workflow) filterThenSort(schema.workflow.field, `row rule (${r.role}: workflow states)`);
  }
  if (schema.main) filterThenSort(schema.main.foreignKey, `sub rows of a ${schema.main.table} row`);
  for (const main of mainsOf(schema, all)) {
    const fk = main.subTables?.find((t) => t.code === schema.code)?.foreignKey;
    if (fk) filterThenSort(fk, `sub rows of a ${main.table} row`);
  }
  if (schema.tree) filterThenSort(schema.tree.pidField, 'children of a tree node');
  if (schema.workflow) filterThenSort(schema.workflow.field, 'rows in a workflow state');
  for (const f of fields) {
    if (!f.query || viewInterface(f.view).multiple?.(f)) continue; // a comma list is matched with LIKE '%,x,%': no b-tree helps
    if (equalityField(f)) filterThenSort(f.name, `query field ${f.name}`);
    else if (f.query === 'group' && !['text', 'blob'].includes(f.type)) {
      const col = snakeCase(f.name);
      if (col !== sort.columns[0]) wanted.push({ columns: [col, 'id'], serves: `query field ${f.name}: where ${col} between ? and ?, or order by ${col}` });
    }
  }
  // A column the page says may be sorted (beyond the default `sortable` of every column): its own order.
  for (const f of fields) {
    const col = snakeCase(f.name);
    if (f.sortable === true && schema.fields.includes(f) && col !== 'id' && col !== sort.columns[0] && !['text', 'blob'].includes(f.type)) {
      wanted.push({ columns: [col, 'id'], serves: `list sorted by ${col}: order by ${col}, id` });
    }
  }
  // Other pages look rows of this table up by a column: table dictionaries and row-rule relations.
  for (const other of all) {
    for (const f of other.fields) {
      const d = f.dict;
      if (d?.table === schema.table && d.value && snakeCase(d.value) !== 'id') {
        wanted.push({ columns: [snakeCase(d.value)], serves: `dictionary of ${other.code}.${f.name}: where ${snakeCase(d.value)} in (…)` });
      }
    }
    for (const r of other.rowRules ?? []) {
      if (r.via?.table === schema.table) {
        wanted.push({ columns: [snakeCase(r.via.user), snakeCase(r.via.row)], serves: `row rule of ${other.code} (${r.role}): where ${snakeCase(r.via.user)} = ?` });
      }
    }
  }

  const columnsOfTable = new Set(fields.map((f) => snakeCase(f.name)));
  const declared = [
    ...fields.filter((f) => f.unique || f.index).map((f) => ({ columns: [snakeCase(f.name)], unique: !!f.unique })),
    ...(schema.indexes ?? []).map((ix) => ({ columns: ix.columns.map(snakeCase), unique: !!ix.unique })),
  ];
  const merged: PlannedIndex[] = [];
  for (const w of wanted) {
    if (!w.columns.every((c) => columnsOfTable.has(c))) continue;
    // A declared index already leading with these columns serves the same queries; a unique one leaves at most one row to sort.
    if (declared.some((d) => startsWith(d.columns, w.columns) || (d.unique && startsWith(w.columns, d.columns)))) continue;
    const same = merged.find((m) => startsWith(m.columns, w.columns) || startsWith(w.columns, m.columns));
    if (!same) merged.push({ table: schema.table, name: '', columns: w.columns, serves: [w.serves] });
    else {
      if (w.columns.length > same.columns.length) same.columns = w.columns;
      if (!same.serves.includes(w.serves)) same.serves.push(w.serves);
    }
  }
  return merged.slice(0, MAX_PLANNED).map((m) => ({ ...m, name: indexName(schema.table, m.columns) }));
}

/** The text-searchable columns of a page, or null when it declares none. */
export function planText(schema: PageSchema): TextPlan | null {
  const columns = columnFields(schema).filter((f) => f.search && !f.sensitive).map((f) => snakeCase(f.name));
  return columns.length ? { table: schema.table, columns } : null;
}
