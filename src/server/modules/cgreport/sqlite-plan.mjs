// What a report statement reads, as SQLite itself compiled it. better-sqlite3 has no authorizer,
// so the statement's EXPLAIN program is walked instead: every b-tree it opens (OpenRead: a root
// page, mapped to its table or index through sqlite_schema) and every column it takes from one
// (Column: a position, mapped to a column name). Subqueries, CTEs, views, unions and function
// arguments all compile into this one program, so a read anywhere in the statement is seen here,
// whatever quoting or aliasing the text used. Plain JavaScript: the worker thread loads it directly.

/** A statement the policy refuses; the message is shown to the report's designer. */
export class PlanRefusal extends Error {}

/**
 * The refusals of personal data, worded alike on both databases (runner.ts explains PostgreSQL's
 * with them): the table and column, and the page whose readers may read it.
 */
export const personalColumnRefusal = (table, column, page) => `查询包含敏感字段 ${table}.${column}（需要「${page}」权限）`;
export const personalTableRefusal = (table, page) => `查询包含敏感表 ${table}（需要「${page}」权限）`;

const NO_REACH = new Set();

// Opcodes that take columns from a cursor (p1): Column and Offset one (p2), RowData the whole row.
const COLUMN_READS = new Set(['Column', 'Offset']);
// Opcodes that walk or search a cursor (p1): through an index, they reveal how its key values compare.
const KEY_ORDER_READS = new Set(['Rewind', 'Last', 'Next', 'Prev', 'SeekGE', 'SeekGT', 'SeekLE', 'SeekLT', 'SeekEnd', 'IdxGE', 'IdxGT', 'IdxLE', 'IdxLT',
  'Found', 'NotFound', 'NoConflict', 'IfNoHope', 'IdxRowid', 'DeferredSeek', 'IfEmpty', 'RowData', 'Column', 'Offset']);
const OPENS = new Set(['OpenRead', 'ReopenIdx']);
const VIRTUAL = new Set(['VOpen', 'VFilter', 'VColumn', 'VUpdate', 'VInitIn', 'VCheck']);
const FUNCTIONS = new Set(['Function', 'PureFunc', 'AggStep', 'AggStep1', 'AggInverse', 'AggValue', 'AggFinal']);
// Functions that reach outside the data: code loading, the file's layout.
const FORBIDDEN_FUNCTIONS = new Set(['load_extension', 'fts3_tokenizer', 'sqlite_offset']);

/** An index's columns by storage position ('' the rowid, null an expression), and which form its key. */
function indexColumns(db, index) {
  const rows = db.prepare('select cid, name, key from pragma_index_xinfo(?) order by seqno').all(index);
  const columns = rows.map((c) => (c.cid >= 0 ? c.name.toLowerCase() : c.cid === -1 ? '' : null));
  return { columns, keyColumns: columns.filter((_, i) => rows[i].key) };
}

/**
 * Root page → what lives there, read afresh whenever the schema changes (an online form synced):
 * `columns` by storage position as Column's p2 counts them, `keyColumns` the ones that order the
 * b-tree (walking it in order, or seeking in it, compares them).
 */
function readLayout(db) {
  const objects = new Map();
  const rows = db.prepare("select type, name, tbl_name as tbl, rootpage from sqlite_schema where rootpage > 0 and type in ('table', 'index')").all();
  const withoutRowid = new Set(db.prepare('select name from pragma_table_list where wr = 1').pluck().all().map((n) => n.toLowerCase()));
  const tableColumns = new Map();
  for (const r of rows.filter((x) => x.type === 'table')) {
    // Generated VIRTUAL columns (hidden = 2) are not stored, so they take no position.
    const cols = db.prepare('select name, hidden from pragma_table_xinfo(?)').all(r.name).filter((c) => c.hidden !== 2).map((c) => c.name.toLowerCase());
    tableColumns.set(r.tbl.toLowerCase(), cols);
  }
  for (const r of rows) {
    const table = r.tbl.toLowerCase();
    const all = tableColumns.get(table) ?? [];
    let shape;
    if (r.type === 'index') shape = indexColumns(db, r.name);
    else if (withoutRowid.has(table)) {
      // Stored as its primary key's index: key columns first, then the others.
      const pk = db.prepare("select name from pragma_index_list(?) where origin = 'pk'").pluck().get(r.name);
      shape = pk ? indexColumns(db, pk) : { columns: all.map(() => null), keyColumns: [null] };
    } else shape = { columns: all, keyColumns: [''] };
    objects.set(r.rootpage, { table, tableColumns: all, ...shape });
  }
  return objects;
}

/** One per connection: the layout, kept until the schema version moves. */
export function planChecker(db) {
  let layout = null;
  let layoutVersion = -1;
  const current = () => {
    const version = db.pragma('schema_version', { simple: true });
    if (version !== layoutVersion) {
      layout = readLayout(db);
      layoutVersion = version;
    }
    return layout;
  };
  return (stmt, params, policy, reach) => checkProgram(db.prepare(`EXPLAIN ${stmt.source}`).all(...params), current(), policy, reach);
}

/**
 * Refuses the program unless it reads only what `policy` allows:
 * `readable`: table (lower case) → the columns every report may read; a table missing is internal;
 * `sensitive`: table → its sensitive columns (only for the message);
 * `personal`: table → its personal columns, read only when `reach` holds the table;
 * `whole`: the tables personal as a whole, not even opened unless `reach` holds them;
 * `pages`: table → the title of the page whose readers may read its personal columns (for the message).
 */
export function checkProgram(program, layout, policy, reach = NO_REACH) {
  const cursors = new Map();
  const bind = (cursor, object) => {
    const list = cursors.get(cursor) ?? [];
    list.push(object);
    cursors.set(cursor, list);
  };
  for (const op of program) {
    if (!OPENS.has(op.opcode)) continue;
    if (op.p3 !== 0) throw new PlanRefusal('报表SQL不能访问系统目录: sqlite_temp_master');
    if (op.p2 === 1) throw new PlanRefusal('报表SQL不能访问系统目录: sqlite_master');
    const object = layout.get(op.p2);
    if (!object) throw new PlanRefusal('报表SQL读取了无法识别的数据');
    if (!policy.readable.has(object.table)) throw new PlanRefusal(`报表SQL不能访问内部表 ${object.table}`);
    // Even counting a log's rows or walking its index is reading it.
    if (policy.whole?.has(object.table) && !reach.has(object.table)) throw new PlanRefusal(personalTableRefusal(object.table, pageOf(policy, object.table)));
    bind(op.p1, object);
  }
  for (const op of program) {
    if (op.opcode === 'OpenDup') for (const o of cursors.get(op.p2) ?? []) bind(op.p1, o);
    if (VIRTUAL.has(op.opcode)) throw new PlanRefusal('报表SQL不能使用表值函数或虚拟表（如 pragma_table_info、json_each）');
    if (FUNCTIONS.has(op.opcode)) {
      const name = /^([^(]+)\(/.exec(String(op.p4 ?? ''))?.[1]?.toLowerCase();
      if (name && FORBIDDEN_FUNCTIONS.has(name)) throw new PlanRefusal(`报表SQL不允许使用 ${name.toUpperCase()}`);
    }
  }
  for (const op of program) {
    if (!KEY_ORDER_READS.has(op.opcode)) continue;
    for (const object of cursors.get(op.p1) ?? []) {
      // Counting an index's entries (OP_Count) tells nothing of its key; walking it in order does.
      for (const name of object.keyColumns) refuseUnreadable(object, name, policy, reach);
      if (COLUMN_READS.has(op.opcode)) refuseUnreadable(object, object.columns[op.p2] ?? null, policy, reach);
      if (op.opcode === 'RowData') for (const name of object.columns) refuseUnreadable(object, name, policy, reach);
    }
  }
}

const pageOf = (policy, table) => policy.pages?.get(table) ?? table;

/** Refuses a column a report may not read; null (a position that cannot be named) stands for any column of the table. */
function refuseUnreadable(object, name, policy, reach) {
  if (name === '') return; // the rowid
  const readable = policy.readable.get(object.table);
  const names = name === null ? object.tableColumns : [name];
  for (const n of names) {
    if (readable.has(n)) continue;
    if (policy.personal?.get(object.table)?.has(n)) {
      if (reach.has(object.table)) continue;
      throw new PlanRefusal(personalColumnRefusal(object.table, n, pageOf(policy, object.table)));
    }
    if (policy.sensitive.get(object.table)?.has(n)) throw new PlanRefusal(`报表SQL不能读取敏感字段 ${n}`);
    throw new PlanRefusal(`报表SQL不能读取未声明的字段 ${object.table}.${n}`);
  }
}
