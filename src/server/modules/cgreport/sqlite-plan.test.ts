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
    ['select username from sys_user order by salt', '报表SQL不能读取敏感字段 salt'],
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

describe('personal columns and tables, read only within the statement\'s reach', () => {
  const people = new Database(':memory:');
  people.exec(`
    create table sys_user (id text primary key, username text, realname text, phone text, email text, password text);
    create index idx_user_phone on sys_user (phone);
    create table sys_data_log (id text primary key, data_table text, data_content text);
    create table demo (id integer primary key, name text, uid text);
    create view contacts as select username, phone from sys_user;
  `);
  const checkPeople = planChecker(people);
  const policy = {
    readable: new Map([
      ['sys_user', new Set(['id', 'username', 'realname'])],
      ['sys_data_log', new Set<string>()],
      ['demo', new Set(['id', 'name', 'uid'])],
    ]),
    sensitive: new Map([['sys_user', new Set(['password'])]]),
    personal: new Map([['sys_user', new Set(['phone', 'email'])], ['sys_data_log', new Set(['id', 'data_table', 'data_content'])]]),
    whole: new Set(['sys_data_log']),
    pages: new Map([['sys_user', '用户管理'], ['sys_data_log', '数据日志']]),
  };
  const refused = (sql: string, reach: Set<string> = new Set()) => {
    try { checkPeople(people.prepare(sql), [], policy, reach); } catch (e) { if (e instanceof PlanRefusal) return e.message; throw e; }
    return 'ok';
  };
  const phone = '查询包含敏感字段 sys_user.phone（需要「用户管理」权限）';
  const email = '查询包含敏感字段 sys_user.email（需要「用户管理」权限）';
  const log = '查询包含敏感表 sys_data_log（需要「数据日志」权限）';

  it.each([
    ['select phone, email from sys_user', phone],
    ['select email, phone from sys_user', email],
    ['select * from sys_user', phone],
    ['select u.phone as p from sys_user u', phone],
    ['select "PHONE" from sys_user', phone],
    ['select length(phone) from sys_user', phone],
    ["select count(*) from sys_user where phone like '139%'", phone],
    ['select username from sys_user order by email', email],
    ["select name from demo where uid in (select id from sys_user where phone = '1')", phone],
    ['with t as (select email as e from sys_user) select e from t', email],
    ['select d.name, u.email from demo d join sys_user u on u.id = d.uid', email],
    ['select realname from sys_user union select phone from sys_user', phone],
    ['select phone from contacts', phone],
    ['select * from sys_data_log', log],
    ['select count(*) from sys_data_log', log],
    ['select (select max(data_content) from sys_data_log) as c', log],
  ])('refuses %s outside the reach, naming the column and the page', (sql, message) => {
    expect(refused(sql)).toBe(message);
  });

  it('lets the same statements through once the reach holds their tables; sensitive columns stay out whatever the reach', () => {
    const all = new Set(['sys_user', 'sys_data_log']);
    for (const sql of ['select phone, email from sys_user', 'select u.phone as p from sys_user u', 'with t as (select email as e from sys_user) select e from t',
      'select * from sys_data_log', 'select count(*) from sys_data_log', 'select phone from contacts']) expect(refused(sql, all), sql).toBe('ok');
    expect(refused('select phone from sys_user', new Set(['sys_data_log']))).toBe(phone);
    expect(refused('select * from sys_user', all)).toBe('报表SQL不能读取敏感字段 password');
    expect(refused('select username, realname from sys_user')).toBe('ok');
    expect(refused('select count(*) from sys_user')).toBe('ok');
  });
});
