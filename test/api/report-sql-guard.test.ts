import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const pg = BACKEND === 'postgres';
/** A statement the database cannot even parse: still a 400 in the report's words, never a 500. */
const FAILED = /^报表SQL执行失败: /;

/**
 * Hostile report statements, written every way the database understands: quoted column names
 * after an alias, functions over secret columns, subqueries, CTEs, unions, table-valued pragma
 * functions, the catalogue, PostgreSQL's role switch. Each is refused with a 400 naming the reason
 * (SQLite: what its compiled program reads; PostgreSQL: the report role's column grants and the
 * guard), and no secret ever appears in an answer.
 */
describe(`report SQL reads only declared, non-sensitive columns [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let secrets: string[];
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    expectOk(await s.api.post('/sys/dataSource/add', {
      code: 'ext', name: '外部库', dbType: '6', dbDriver: 'org.postgresql.Driver', dbUrl: 'jdbc:postgresql://db/x', dbUsername: 'u', dbPassword: 'DsSecret-42',
    }, { token }));
    const users = await s.db.selectFrom('sysUser').select(['password', 'salt']).execute();
    secrets = [...users.flatMap((u) => [u.password, u.salt]).filter((v): v is string => !!v), 'DsSecret-42'];
  });
  afterAll(async () => { await s?.close(); });

  const save = (sql: string) => s.api.post('/online/cgreport/head/add', { code: `r_${randomUUID().slice(0, 8)}`, name: '敌意报表', cgrSql: sql }, { token });
  const noSecret = (text: string) => { for (const v of secrets) expect(text).not.toContain(v); };

  const sensitive = (column: string) => `报表SQL不能读取敏感字段 ${column}`;
  const VIRTUAL = '报表SQL不能使用表值函数或虚拟表（如 pragma_table_info、json_each）';
  /** [statement, SQLite's refusal, PostgreSQL's refusal] */
  const corpus: [string, string | RegExp, string | RegExp][] = [
    ['select u."password" from sys_user u', sensitive('password'), sensitive('password')],
    ["select u.'password' as p from sys_user u", sensitive('password'), FAILED],
    ["select sys_user.'salt' as s from sys_user", sensitive('salt'), FAILED],
    ['select u.`salt` from sys_user u', '报表SQL不支持的字符: `', '报表SQL不支持的字符: `'],
    ['select [password] from sys_user', '报表SQL不支持的字符: [', '报表SQL不支持的字符: ['],
    ["select length(u.'password') as n from sys_user u", sensitive('password'), FAILED],
    ["select substr(u.'salt', 1, 1) as c from sys_user u", sensitive('salt'), FAILED],
    ["select group_concat(u.'password') as g from sys_user u", sensitive('password'), FAILED],
    ["select json_object('p', u.'password') as j from sys_user u", sensitive('password'), FAILED],
    ["select count(*) as n from sys_user u where u.'password' like 'a%'", sensitive('password'), FAILED],
    ["select realname from sys_user where id in (select x.id from sys_user x where x.'salt' like 'a%')", sensitive('salt'), FAILED],
    ["with t as (select u.'password' as p from sys_user u) select p from t", sensitive('password'), FAILED],
    ["select realname from sys_user union select u.'password' from sys_user u", sensitive('password'), FAILED],
    ["select d.db_name, d.'db_password' as p from sys_data_source d", sensitive('db_password'), FAILED],
    ['select d."db_password" from sys_data_source d', sensitive('db_password'), sensitive('db_password')],
    ['select * from pragma_database_list', VIRTUAL, FAILED],
    ["select name, type from pragma_table_info('sys_user')", VIRTUAL, FAILED],
    ['select name from sqlite_master', '报表SQL不能访问系统目录: sqlite_master', '报表SQL不能访问系统目录: sqlite_master'],
    ['select count(*) as n from sys_session', '报表SQL不能访问内部表 sys_session', '报表SQL不能访问内部表 sys_session'],
    // PostgreSQL: a superuser session may SET ROLE back to itself, and these run SQL given as text.
    ['select "set_config"(\'role\', session_user, true) as r', '报表SQL不允许使用 SET_CONFIG', '报表SQL不允许使用 SET_CONFIG'],
    ["select query_to_xml('select password from sys_user', true, false, '') as x", '报表SQL不允许使用 QUERY_TO_XML', '报表SQL不允许使用 QUERY_TO_XML'],
    ["select table_to_xml('sys_user', true, false, '') as x", '报表SQL不允许使用 TABLE_TO_XML', '报表SQL不允许使用 TABLE_TO_XML'],
    // A whole row as one value: the role holds no grant on the password column.
    ['select length(u::text) as n from sys_user u', FAILED, '报表SQL访问了不允许读取的表或字段'],
  ];

  it.each(corpus)('refuses %s', async (sql, onSqlite, onPg) => {
    const want = pg ? onPg : onSqlite;
    for (const res of [await save(sql), await s.api.get(`/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}`, { token })]) {
      const body = expectEnvelope(res, { status: 400, success: false, code: 400 });
      if (typeof want === 'string') expect(body.message).toBe(want);
      else expect(body.message).toMatch(want);
      noSecret(res.text);
    }
  });

  it('a hostile statement stored behind the designer (an import, an old row) is refused when run, not only when saved', async () => {
    const id = randomUUID().replace(/-/g, '');
    const sql = pg ? 'select u::text as p from sys_user u' : "select u.'password' as p from sys_user u";
    await s.db.insertInto('onlCgreportHead' as never).values({ id, code: 'smuggled', name: '夹带报表', cgrSql: sql } as never).execute();
    const res = await s.api.get('/online/cgreport/api/getData/smuggled', { token });
    expectEnvelope(res, { status: 400, success: false, message: pg ? '报表SQL访问了不允许读取的表或字段' : sensitive('password') });
    noSecret(res.text);
  });

  it('legitimate reports still run: joins over business tables, aggregates and filters over readable columns', async () => {
    const reports: [string, string][] = [
      ['users_by_depart', 'select u.username, u.realname, d.depart_name from sys_user u left join sys_depart d on d.org_code = u.org_code'],
      ['user_count', "select count(*) as n, count(distinct u.realname) as names from sys_user u where u.status = 1 or u.username like 'a%'"],
      ['roles_seen', 'with r as (select role_code, role_name from sys_role) select role_name from r where role_code in (select role_code from sys_role) union select depart_name from sys_depart'],
      ['sources', 'select code, name, db_username from sys_data_source'],
    ];
    for (const [code, sql] of reports) {
      expectOk(await s.api.post('/online/cgreport/head/add', { code, name: code, cgrSql: sql }, { token }));
      const res = await s.api.get(`/online/cgreport/api/getData/${code}`, { token });
      const data = expectOk(res);
      expect(data.total, code).toBeGreaterThan(0);
      noSecret(res.text);
    }
  });
});
