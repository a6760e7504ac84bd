import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PlanRefusal, planChecker } from './sqlite-plan.mjs';

const db = new Database(':memory:');
db.exec(`
  create table sys_user (id text primary key, username text, realname text, password text, salt text);
  create index idx_user_name on sys_user (username);
  create index idx_user_salt on sys_user (salt);
  create table sys_session (token_hash text primary key, user_id text);
  create table demo (id integer primary key, name text, amount int, uid text);
  create table pairs (secret text, a text, b text, primary key (b, a)) without rowid;
  create view user_secrets as select username, password from sys_user;
  insert into sys_user values ('1', 'admin', '管理员', 'hash', 'salt1');
  insert into demo (name, amount, uid) values ('a', 3, '1');
`);
const check = planChecker(db);
const policy = {
  readable: new Map([
    ['sys_user', new Set(['id', 'username', 'realname'])],
    ['demo', new Set(['id', 'name', 'amount', 'uid'])],
    ['pairs', new Set(['a', 'b'])],
  ]),
  sensitive: new Map([['sys_user', new Set(['password', 'salt'])], ['pairs', new Set(['secret'])]]),
};
const run = (sql: string) => check(db.prepare(sql), [], policy);
const refusal = (sql: string) => {
  try { run(sql); } catch (e) { if (e instanceof PlanRefusal) return e.message; throw e; }
  throw new Error(`not refused: ${sql}`);
};

describe('report statements checked on their compiled program', () => {
  it.each([
    'select username, realname from sys_user',
    'select d.name, u.realname from demo d join sys_user u on u.id = d.uid where u.username = \'admin\'',
    'select count(*) as n from sys_user',
    'select realname, count(*) from sys_user group by realname having count(*) > 0 order by realname',
    'with t as (select id, username from sys_user) select username from t where id in (select uid from demo)',
    'select name from demo where id > 0 union select username from sys_user',
    'select sum(amount), max(name) from demo where id between 1 and 10',
    "select value from (select 'x' as value)",
    "select a, b from pairs where b = 'x'",
  ])('lets %s through', (sql) => {
    expect(() => run(sql)).not.toThrow();
  });

  it.each([
    ['select u."password" from sys_user u', '报表SQL不能读取敏感字段 password'],
    ["select u.'password' from sys_user u", '报表SQL不能读取敏感字段 password'],
    ['select u.`salt` from sys_user u', '报表SQL不能读取敏感字段 salt'],
    ['select [password] from sys_user', '报表SQL不能读取敏感字段 password'],
    ['select * from sys_user', '报表SQL不能读取敏感字段 password'],
    ['select length(password) from sys_user', '报表SQL不能读取敏感字段 password'],
    ['select substr(salt, 1, 1) as s from sys_user', '报表SQL不能读取敏感字段 salt'],
    ['select group_concat(password) from sys_user', '报表SQL不能读取敏感字段 password'],
    ["select json_object('p', password) from sys_user", '报表SQL不能读取敏感字段 password'],
    ["select count(*) from sys_user where password like 'a%'", '报表SQL不能读取敏感字段 password'],
    ["select count(*) from sys_user where salt = 'salt1'", '报表SQL不能读取敏感字段 salt'],
    ["select username from sys_user order by salt", '报表SQL不能读取敏感字段 salt'],
    ['select name from demo where uid in (select id from sys_user where password is not null)', '报表SQL不能读取敏感字段 password'],
    ["with s(x) as (select salt from sys_user) select count(*) from s where x like 's%'", '报表SQL不能读取敏感字段 salt'],
    ['select name from demo union select password from sys_user', '报表SQL不能读取敏感字段 password'],
    ['select username, password from user_secrets', '报表SQL不能读取敏感字段 password'],
    ["select username from user_secrets where password = 'hash'", '报表SQL不能读取敏感字段 password'],
    ['select a, secret from pairs', '报表SQL不能读取敏感字段 secret'],
    ['select token_hash from sys_session', '报表SQL不能访问内部表 sys_session'],
    ['select count(*) from sys_session', '报表SQL不能访问内部表 sys_session'],
    ['select name from sqlite_master', '报表SQL不能访问系统目录: sqlite_master'],
    ['select name from sqlite_schema', '报表SQL不能访问系统目录: sqlite_master'],
    ['select name from sqlite_temp_master', '报表SQL不能访问系统目录: sqlite_temp_master'],
    ['select * from pragma_database_list', '报表SQL不能使用表值函数或虚拟表（如 pragma_table_info、json_each）'],
    ["select name from pragma_table_info('sys_user')", '报表SQL不能使用表值函数或虚拟表（如 pragma_table_info、json_each）'],
    ["select load_extension('x')", '报表SQL不允许使用 LOAD_EXTENSION'],
  ])('refuses %s', (sql, message) => {
    expect(refusal(sql)).toBe(message);
  });

  it('lets through what the engine does not read: a secret column a view or CTE names but nothing uses', () => {
    expect(() => run('select username from user_secrets')).not.toThrow();
    expect(() => run('with s(x) as (select salt from sys_user) select count(*) from s')).not.toThrow();
  });

  it('sees a table created after the first check (the layout follows the schema version)', () => {
    run('select name from demo');
    db.exec('create table late (id integer primary key, hidden text)');
    expect(refusal('select hidden from late')).toBe('报表SQL不能访问内部表 late');
  });
});
