type SqliteHandle = InstanceType<typeof import('better-sqlite3')>;
type SqliteStatement = ReturnType<SqliteHandle['prepare']>;
type Row = Record<string, unknown>;
type Values = unknown[];

/** What Kysely's SQLite driver calls on a statement. */
export interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/** A statement that changes what a `select` answers (its columns): every row shape known before it may be wrong after. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * A function making one row object from a row's values, keyed by the statement's column names (the
 * last of two equal names wins, as better-sqlite3 does). An object literal of fixed keys is built
 * at the cost of the array it comes from; better-sqlite3's own objects, set key by key from C++,
 * cost twice the statement on a 10-row page (measured in scripts/bench/list-shapes.mjs).
 */
export function rowBuilder(names: readonly string[]): (values: Values) => Row {
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Row = {};
      names.forEach((name, i) => Object.defineProperty(row, name, { value: values[i], enumerable: true, writable: true, configurable: true }));
      return row;
    };
  }
  // Keys are written as JSON string literals, so no column name can be anything but a key.
  return new Function('v', `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')}};`) as (values: Values) => Row;
}

/** One prepared statement, kept and run again; rows are read as arrays and made objects by `rowBuilder`. */
class ReusedStatement implements DriverStatement {
  readonly reader: boolean;
  private build?: (values: Values) => Row;
  private builtFor = { width: -1, epoch: -1 };

  private readonly changesSchema: boolean;

  constructor(private readonly statement: SqliteStatement, private readonly schema: { epoch: number }) {
    this.reader = statement.reader;
    if (this.reader) statement.raw(true);
    this.changesSchema = SCHEMA_CHANGE.test(statement.source);
  }

  /** The builder for rows of this width; its names are read after a run, when SQLite has re-prepared the statement for a changed schema. */
  private builder(width: number): (values: Values) => Row {
    if (!this.build || this.builtFor.width !== width || this.builtFor.epoch !== this.schema.epoch) {
      this.build = rowBuilder(this.statement.columns().map((c) => c.name));
      this.builtFor = { width, epoch: this.schema.epoch };
    }
    return this.build;
  }

  all(parameters: readonly unknown[]): unknown[] {
    const rows = this.statement.all(parameters as unknown[]) as Values[];
    if (!rows.length) return rows;
    const build = this.builder(rows[0].length);
    for (let i = 0; i < rows.length; i++) (rows as unknown[])[i] = build(rows[i]);
    return rows;
  }

  run(parameters: readonly unknown[]) {
    try {
      return this.statement.run(parameters as unknown[]);
    } finally {
      if (this.changesSchema) this.schema.epoch++;
    }
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    for (const values of this.statement.iterate(parameters as unknown[]) as IterableIterator<Values>) yield this.builder(values.length)(values);
  }
}

/**
 * The SQLite database as Kysely's driver sees it. Kysely prepares every query anew; a better-sqlite3
 * statement can run again and again, so the most recent ones are kept by their SQL text (measured:
 * 0.05–0.2 ms a request on a list page). Queries run synchronously one at a time, so a statement is
 * never in use twice at once. A schema change made through this connection forgets every row shape.
 */
export function reusingStatements(sqlite: SqliteHandle, max = 500) {
  const statements = new Map<string, ReusedStatement>();
  const schema = { epoch: 0 };
  return {
    close: () => sqlite.close(),
    prepare(sql: string): DriverStatement {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = new ReusedStatement(sqlite.prepare(sql), schema);
      statements.set(sql, statement); // most recent last
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
