/**
 * The only SQL an administrator may store in a report: one read-only SELECT (or WITH … SELECT),
 * with `${name}` parameters that become bound values, never text pasted into the statement.
 * This is a tokenizer, not a parser: it refuses whatever it cannot vouch for (a second statement,
 * a write or DDL word, a catalogue or internal table, a sensitive column, `*` over a table holding
 * one, dollar quoting, placeholders of its own) with a message the designer shows. Execution adds
 * a read-only transaction or connection, a timeout and a row cap (runner.ts).
 */

export class ReportSqlError extends Error {}

/** A piece of the checked statement: SQL text, or a parameter bound at run time. */
export type Segment = string | { param: string; template?: string };

export interface GuardedSql {
  segments: Segment[];
  /** `${name}` parameters in order of first use. */
  params: string[];
  /** Identifiers the statement names (lower case), for the caller's table checks. */
  identifiers: Set<string>;
}

export interface GuardPolicy {
  /** Why an identifier may not appear (an internal table, a sensitive column), or undefined. */
  deny(identifier: string): string | undefined;
  /** Tables whose rows hold sensitive columns: with one of them named, `*` is refused. */
  guardedTables: Set<string>;
}

// Inside one SELECT these are the ways to write or reach outside the data: data-changing CTEs,
// SELECT INTO, FOR UPDATE, and functions that read files or settings. (A second statement is refused
// on its own; the read-only transaction or connection stops anything missed here.)
const FORBIDDEN = new Set([
  'insert', 'update', 'delete', 'merge', 'upsert', 'into', 'returning', 'drop', 'alter', 'create', 'truncate', 'grant',
  'revoke', 'attach', 'detach', 'pragma', 'vacuum', 'copy', 'lock', 'load_extension', 'lo_import', 'lo_export', 'dblink',
  // set_config can switch PostgreSQL's role back to the connection's own (the session user's) and
  // so out of the report role's grants; these others run a query or read a table given as text.
  'current_setting', 'set_config', 'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'table_to_xml',
  'table_to_xmlschema', 'table_to_xml_and_xmlschema', 'cursor_to_xml', 'schema_to_xml', 'schema_to_xml_and_xmlschema',
  'database_to_xml', 'database_to_xml_and_xmlschema', 'ts_stat', 'ts_rewrite',
  // PostgreSQL turns a whole row into one value with these; a hidden sensitive column would ride along.
  'row_to_json', 'to_json', 'to_jsonb', 'json_agg', 'jsonb_agg', 'hstore', 'json_populate_record', 'jsonb_populate_record',
]);
const CATALOGUE = /^(pg_|sqlite_|information_schema$|mysql$|performance_schema$)/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const fail = (message: string): never => { throw new ReportSqlError(message); };

/** Checks a report's SQL and splits it into text and parameter segments. */
export function guardReportSql(sql: string, policy: GuardPolicy): GuardedSql {
  if (typeof sql !== 'string' || !sql.trim()) fail('报表SQL不能为空');
  if (sql.length > 10_000) fail('报表SQL过长（最多10000个字符）');
  const segments: Segment[] = [];
  const params: string[] = [];
  const identifiers = new Set<string>();
  const words: string[] = [];
  let stars = 0;
  let text = '';
  let i = 0;
  let ended = false;
  const push = (s: string) => { if (ended && s.trim()) fail('报表SQL只能包含一条SELECT语句'); text += s; };
  const param = (name: string, template?: string) => {
    if (!NAME.test(name)) fail(`报表参数名不合法: ${name}`);
    if (!params.includes(name)) params.push(name);
    if (ended) fail('报表SQL只能包含一条SELECT语句');
    segments.push(text, template === undefined ? { param: name } : { param: name, template });
    text = '';
  };
  const identifier = (raw: string) => {
    const id = raw.toLowerCase();
    // A quoted name is the same name: "set_config"(…) calls set_config.
    if (FORBIDDEN.has(id)) fail(`报表SQL不允许使用 ${raw.toUpperCase()}`);
    identifiers.add(id);
    if (CATALOGUE.test(id)) fail(`报表SQL不能访问系统目录: ${raw}`);
    const why = policy.deny(id);
    if (why) fail(why);
  };

  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      push(' ');
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) fail('报表SQL的注释没有结束');
      i = end + 2;
      push(' ');
    } else if (c === "'") {
      let j = i + 1;
      let body = '';
      for (;;) {
        if (j >= sql.length) fail('报表SQL的字符串没有结束');
        if (sql[j] === "'") {
          if (sql[j + 1] === "'") { body += "'"; j += 2; continue; }
          break;
        }
        body += sql[j++];
      }
      const literal = sql.slice(i, j + 1);
      const used = [...body.matchAll(/\$\{([^}]*)\}/g)];
      if (!used.length) push(literal);
      else if (used.length === 1 && used[0][0] === body) param(used[0][1]);
      else {
        // '%${name}%': the whole literal is one bound value with the parameter filled in.
        if (new Set(used.map((m) => m[1])).size > 1) fail('一个字符串里只能使用一个报表参数');
        param(used[0][1], body);
      }
      i = j + 1;
    } else if (c === '"') {
      const end = sql.indexOf('"', i + 1);
      if (end < 0) fail('报表SQL的引号没有结束');
      const name = sql.slice(i + 1, end);
      if (name.includes('"')) fail('报表SQL的引号不合法');
      identifier(name);
      words.push(name.toLowerCase());
      push(sql.slice(i, end + 1));
      i = end + 1;
    } else if (c === '$' && next === '{') {
      const end = sql.indexOf('}', i);
      if (end < 0) fail('报表参数没有结束: ${');
      param(sql.slice(i + 2, end));
      i = end + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j])) j++;
      const word = sql.slice(i, j);
      const lower = word.toLowerCase();
      if (ended) fail('报表SQL只能包含一条SELECT语句');
      if ((lower === 'e' || lower === 'u&' || lower === 'b' || lower === 'x') && sql[j] === "'") fail('报表SQL不支持带前缀的字符串');
      if (word.includes('$')) fail(`报表SQL不支持的写法: ${word}`);
      if (!words.length && lower !== 'select' && lower !== 'with') fail('报表SQL只能是SELECT查询');
      identifier(word);
      words.push(lower);
      push(word);
      i = j;
    } else if (c === ';') {
      ended = true;
      i++;
    } else if (c === '*') {
      // count(*) names no column; any other star expands to every column of a table.
      const before = text.replace(/\s+$/, '');
      const after = sql.slice(i + 1).replace(/^\s+/, '');
      if (!(before.endsWith('(') && after.startsWith(')'))) stars++;
      push(c);
      i++;
    } else if (c === '`' || c === '[' || c === '?' || c === '$' || c === '\\' || c === '#') {
      fail(`报表SQL不支持的字符: ${c}`);
    } else {
      push(c);
      i++;
    }
  }
  segments.push(text);
  if (!words.length) fail('报表SQL只能是SELECT查询');
  if (stars) {
    const guarded = [...identifiers].find((id) => policy.guardedTables.has(id));
    if (guarded) fail(`表 ${guarded} 含敏感字段，报表SQL不能用 * 查询它，请写出需要的字段`);
  }
  return { segments, params, identifiers };
}

/** The statement with the dialect's placeholders, the parameter values bound in order. */
export function renderSql(g: Pick<GuardedSql, 'segments'>, values: Record<string, string | null>, placeholder: (n: number) => string, first = 1): { sql: string; params: unknown[] } {
  let sql = '';
  const params: unknown[] = [];
  for (const s of g.segments) {
    if (typeof s === 'string') { sql += s; continue; }
    const v = values[s.param] ?? null;
    params.push(s.template === undefined ? v : s.template.replace(/\$\{[^}]*\}/g, v ?? ''));
    sql += placeholder(first + params.length - 1);
  }
  return { sql: sql.trim(), params };
}
