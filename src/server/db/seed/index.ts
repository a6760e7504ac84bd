import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/password.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import type { Database, Db } from '../tables.js';
import { DEFAULT_SITE } from '../../modules/site/settings.js';
import { seedCategories } from '../../modules/category/seed.js';
import { seedFillRules } from '../../modules/rules/fill-rule-seed.js';
import { seedDemoProjects } from '../../modules/project/seed.js';
import { seedSystemSamples } from '../../modules/system/seed.js';
import { seedContestPages } from '../../modules/pms/seed.js';
import { inTransaction } from '../transaction.js';

interface MenuSeed {
  name: string; url: string; component: string; componentName?: string; icon?: string; hidden?: boolean;
  children?: MenuSeed[]; buttons?: { name: string; perms: string; permsType?: string }[];
}
interface DepartSeed { departName: string; orgCode: string; orgCategory: string; children?: DepartSeed[] }
interface RoleSeed { roleCode: string; roleName: string; description: string; grants: string[] }
interface UserSeed { username: string; realname: string; /** 1 男, 2 女 (the sex dictionary); none for an account that is no person (the guest). */ sex?: number; roles: string[]; departs: string[]; email?: string; workNo?: string; /** The JeecgBoot client's user form requires one to save an edit. */ phone?: string; guest?: boolean }
interface DictSeed { dictCode: string; dictName: string; type?: number; items: [string, string][] }
/** The current contest (race.json): its footer details, and its dates as days from the first start. */
interface RaceSeed extends Record<string, unknown> {
  title: string; postalCode: string; email: string; registrationHotline: string; address: string; copyright: string;
  loginBg?: string; webUrl?: string; adminLogo?: string;
  daysFromFirstStart?: Record<'contest' | 'declare' | 'review', [number, number]>;
}

const readSeed = <T>(dir: string, name: string): T => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as T;

/**
 * First-start data from schemas/seed: roles, department tree, users, dictionaries, the whole
 * back-office menu tree with its buttons, site settings and the current race. Runs once: an
 * existing admin user means the database is seeded.
 */
export async function seedIfEmpty(db: Db, opts: { seedDir: string; adminPassword: string }): Promise<boolean> {
  const existing = await db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = formatDateTime();
  const stamp = { createBy: 'system', createTime: now, updateBy: null, updateTime: null };
  // scrypt runs on libuv's threads meanwhile (~50 ms a hash): the administrator's password, and the guest's unknowable one.
  const hashes = Promise.all([hashPassword(opts.adminPassword), hashPassword(randomBytes(32).toString('hex'))]);
  hashes.catch(() => undefined);

  await inTransaction(db, async (tx) => {
    // Rows go in as multi-row statements (in the order they were made), a few hundred at a time.
    const insertAll = async (table: keyof Database & string, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 200) await tx.insertInto(table).values(rows.slice(i, i + 200) as never).execute();
    };

    // menus and buttons
    const permByUrl = new Map<string, string>();
    const parentOf = new Map<string, string>();
    const allPerms: string[] = [];
    const menus = readSeed<MenuSeed[]>(opts.seedDir, 'menus.json');
    const permissionRows: object[] = [];
    const addMenu = (m: MenuSeed, parentId: string | null, sortNo: number) => {
      const id = newId();
      permByUrl.set(m.url, id);
      if (parentId) parentOf.set(id, parentId);
      allPerms.push(id);
      const hasChildren = !!m.children?.length;
      permissionRows.push({
        id, parentId, name: m.name, url: m.url, component: m.component, componentName: m.componentName ?? null,
        redirect: null, menuType: parentId ? 1 : 0, perms: null, permsType: null, sortNo, alwaysShow: 0,
        icon: m.icon ?? null, isRoute: 1, isLeaf: hasChildren ? 0 : 1, keepAlive: 0, hidden: m.hidden ? 1 : 0, hideTab: 0,
        description: null, delFlag: 0, ruleFlag: 0, status: null, internalOrExternal: 0, ...stamp,
      });
      for (const [i, b] of (m.buttons ?? []).entries()) {
        const bid = newId();
        allPerms.push(bid);
        permByUrl.set(`${m.url}#${b.perms}`, bid);
        permissionRows.push({
          id: bid, parentId: id, name: b.name, url: null, component: null, componentName: null, redirect: null,
          menuType: 2, perms: b.perms, permsType: b.permsType ?? '1', sortNo: i + 1, alwaysShow: 0, icon: null, isRoute: 0,
          isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0, description: null, delFlag: 0, ruleFlag: 0, status: '1',
          internalOrExternal: 0, ...stamp,
        });
      }
      for (const [i, c] of (m.children ?? []).entries()) addMenu(c, id, i + 1);
    };
    for (const [i, m] of menus.entries()) addMenu(m, null, i);
    await insertAll('sysPermission', permissionRows);

    // roles and their grants: '*' is everything, a menu url grants that menu and its buttons,
    // `url#perms` that menu and that one button (意见反馈: everyone submits, only the administrator replies);
    // the folders above a granted menu come with it, or the menu would be unreachable (活动与服务 › 活动管理)
    const roleIds = new Map<string, string>();
    const roleRows: object[] = [], rolePermissionRows: object[] = [];
    for (const r of readSeed<RoleSeed[]>(opts.seedDir, 'roles.json')) {
      const roleId = newId();
      roleIds.set(r.roleCode, roleId);
      roleRows.push({ id: roleId, roleCode: r.roleCode, roleName: r.roleName, description: r.description, ...stamp });
      const grants = (key: string) => r.grants.includes(key.split('#')[0]) || r.grants.includes(key)
        || (!key.includes('#') && r.grants.some((g) => g.startsWith(`${key}#`)));
      const granted = new Set(r.grants.includes('*') ? allPerms
        : [...permByUrl.entries()].filter(([key]) => grants(key)).map(([, id]) => id));
      for (const id of [...granted]) for (let up = parentOf.get(id); up; up = parentOf.get(up)) granted.add(up);
      for (const permissionId of granted) rolePermissionRows.push({ id: newId(), roleId, permissionId });
    }
    await insertAll('sysRole', roleRows);
    await insertAll('sysRolePermission', rolePermissionRows);

    // departments
    const departIds = new Map<string, string>();
    const departRows: object[] = [];
    const addDepart = (d: DepartSeed, parentId: string | null, order: number) => {
      const id = newId();
      departIds.set(d.orgCode, id);
      departRows.push({
        id, parentId, departName: d.departName, departNameEn: null, departNameAbbr: null, departOrder: order,
        description: null, orgCategory: d.orgCategory, orgType: parentId ? '2' : '1', orgCode: d.orgCode, mobile: null,
        fax: null, address: null, memo: null, status: '1', delFlag: '0', ...stamp,
      });
      for (const [i, c] of (d.children ?? []).entries()) addDepart(c, id, i);
    };
    for (const [i, d] of readSeed<DepartSeed[]>(opts.seedDir, 'departs.json').entries()) addDepart(d, null, i);
    await insertAll('sysDepart', departRows);

    // users: the administrator gets ADMIN_PASSWORD, the demo accounts share it until changed
    const [password, guestPassword] = await hashes;
    const userRows: object[] = [], userRoleRows: object[] = [], userDepartRows: object[] = [];
    for (const u of readSeed<UserSeed[]>(opts.seedDir, 'users.json')) {
      const id = newId();
      // The guest account is entered only through /sys/guestLogin: its password is unknowable.
      const userPassword = u.guest ? guestPassword : password;
      userRows.push({
        id, username: u.username, realname: u.realname, password: userPassword, salt: null, avatar: null, birthday: null, sex: u.sex ?? null,
        email: u.email ?? null, phone: u.phone ?? null, orgCode: u.departs[0] ?? null, status: 1, delFlag: 0, workNo: u.workNo ?? null,
        post: null, telephone: null, userIdentity: 1, departIds: null, relTenantIds: null, ...stamp,
      });
      for (const code of u.roles) userRoleRows.push({ id: newId(), userId: id, roleId: roleIds.get(code)! });
      for (const org of u.departs) userDepartRows.push({ id: newId(), userId: id, depId: departIds.get(org)! });
    }
    await insertAll('sysUser', userRows);
    await insertAll('sysUserRole', userRoleRows);
    await insertAll('sysUserDepart', userDepartRows);

    // dictionaries
    const dictRows: object[] = [], dictItemRows: object[] = [];
    for (const d of readSeed<DictSeed[]>(opts.seedDir, 'dicts.json')) {
      const dictId = newId();
      dictRows.push({ id: dictId, dictCode: d.dictCode, dictName: d.dictName, description: null, delFlag: 0, type: d.type ?? 0, ...stamp });
      for (const [i, [text, value]] of d.items.entries()) {
        dictItemRows.push({ id: newId(), dictId, itemText: text, itemValue: value, description: null, sortOrder: i + 1, status: 1, ...stamp });
      }
    }
    await insertAll('sysDict', dictRows);
    await insertAll('sysDictItem', dictItemRows);

    // rows of schema tables (created by the start-up sync before the seed runs)
    for (const r of readSeed<{ ruleName: string; ruleCode: string; ruleDescription: string; ruleJson: unknown }[]>(opts.seedDir, 'check-rules.json')) {
      await (tx as unknown as Kysely<any>).insertInto('sys_check_rule').values({ // eslint-disable-line @typescript-eslint/no-explicit-any
        id: newId(), ruleName: r.ruleName, ruleCode: r.ruleCode, ruleDescription: r.ruleDescription, ruleJson: JSON.stringify(r.ruleJson), ...stamp, sysOrgCode: null,
      }).execute();
    }

    await seedCategories(tx as unknown as Kysely<any>, opts.seedDir, stamp); // eslint-disable-line @typescript-eslint/no-explicit-any
    await seedFillRules(tx as unknown as Kysely<any>, opts.seedDir, stamp); // eslint-disable-line @typescript-eslint/no-explicit-any
    await seedSystemSamples(tx as unknown as Kysely<any>, opts.seedDir, stamp); // eslint-disable-line @typescript-eslint/no-explicit-any
    await seedContestPages(tx as unknown as Kysely<any>, opts.seedDir, stamp); // eslint-disable-line @typescript-eslint/no-explicit-any

    await tx.insertInto('sysSetting').values({ key: 'site', value: JSON.stringify(DEFAULT_SITE) }).execute();
    const race = readSeed<RaceSeed>(opts.seedDir, 'race.json');
    const raceId = newId();
    await tx.insertInto('pmsRace').values({
      id: raceId, title: race.title, loginBg: race.loginBg || null, webUrl: race.webUrl || null, postalCode: race.postalCode,
      email: race.email, registrationHotline: race.registrationHotline, address: race.address, copyright: race.copyright,
      adminLogo: race.adminLogo || null, isCurrent: 1, ...stamp,
    }).execute();
    // The demo contest is open for declarations from first start (a month behind, two ahead, then
    // review), and its own dates hold both windows: the public site never says it is over meanwhile.
    const days = race.daysFromFirstStart ?? { contest: [-45, 135], declare: [-30, 60], review: [60, 90] };
    const at = (n: number) => formatDateTime(new Date(Date.now() + n * 86_400_000));
    const startDate = at(days.contest[0]).slice(0, 10);
    await (tx as unknown as Kysely<any>).updateTable('pms_race') // eslint-disable-line @typescript-eslint/no-explicit-any
      .set({
        year: Number(startDate.slice(0, 4)), startDate, endDate: at(days.contest[1]).slice(0, 10),
        declareStart: at(days.declare[0]), declareEnd: at(days.declare[1]), reviewStart: at(days.review[0]), reviewEnd: at(days.review[1]),
        expertsPerProject: 3, commentBelow: 60, resultPublished: '0',
      })
      .where('id', '=', raceId).execute();
    await seedDemoProjects(tx as unknown as Kysely<any>, opts.seedDir, raceId); // eslint-disable-line @typescript-eslint/no-explicit-any
  });
  return true;
}
