// The SQL of a generic list request as the engine spells it, for the benches' bare routes: the
// count, then the page (the columns every list reads, the sort with "id" desc last, limit/offset).
const SYSTEM = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'];
export const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `where`: the conditions' SQL (already in the dialect's placeholders, joined by `and` as the
 * engine does), `params` their values; `query` gives column/order/pageNo/pageSize.
 */
export function countAndPage(schema, dialect, where, params, query) {
  const keys = [...SYSTEM, ...schema.fields.filter((f) => !f.virtual && !f.sensitive).map((f) => f.name)];
  const cols = keys.map((k) => `"${snake(k)}"`).join(', ');
  const ph = () => (dialect === 'postgres' ? `$${params.length}` : '?');
  const whereSql = where.length > 1 ? ` where (${where.join(' and ')})` : where.length ? ` where ${where[0]}` : '';
  const table = `"${schema.table}"`;
  // The engine counts exactly only a page saying `count: 'exact'`; else it stops at its threshold + 1 (list-count.ts; past it, it estimates).
  const cap = schema.count === 'exact' ? null : (schema.count?.exactUpTo ?? 10_000);
  const count = cap === null
    ? { sql: `select count(*) as "total" from ${table}${whereSql}`, params: [...params] }
    : { sql: `select count(*) as "total" from (select 1 as "one" from ${table}${whereSql} limit ${dialect === 'postgres' ? `$${params.length + 1}` : '?'}) as "capped"`, params: [...params, cap + 1] };
  const sortCol = snake(String(query.column || schema.defaultSort.column));
  const dir = query.column ? (/asc/i.test(String(query.order ?? '')) ? 'asc' : 'desc') : schema.defaultSort.order;
  const pageNo = Math.max(1, Number(query.pageNo ?? 1) || 1);
  const pageSize = Number(query.pageSize ?? 10) || 10;
  params.push(pageSize); const lim = ph();
  params.push((pageNo - 1) * pageSize); const off = ph();
  const order = `order by "${sortCol}" ${dir}, "id" desc`;
  // From offset 1,000 the engine finds a page's ids first (routes.ts DEEP_OFFSET), then its rows.
  const page = (pageNo - 1) * pageSize < 1000
    ? { sql: `select ${cols} from ${table}${whereSql} ${order} limit ${lim} offset ${off}`, params }
    : { sql: `select ${cols} from ${table} where "id" in (select "id" from ${table}${whereSql} ${order} limit ${lim} offset ${off}) ${order}`, params };
  return { keys, count, page, pageNo, pageSize };
}
