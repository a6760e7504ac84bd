import type { Kysely } from 'kysely';
import { designToSchema, DesignError, subTablesOf, type Design } from '../../../schema/cgform.js';
import { SchemaError } from '../../../schema/check.js';
import { planSync, type DdlStep } from '../../../schema/ddl.js';
import type { PageSchema } from '../../../schema/types.js';
import { RouteTable } from '../../crud/route-table.js';
import { applyPlan, inspectTable, syncIndexes } from '../../crud/sync.js';
import { repairHasChild } from '../../crud/tree.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, ClientError, notFound } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { addButtonPermissions } from './buttons.js';
import { enhanceHooks } from './enhance.js';
import { formatDateTime } from '../../util/time.js';
import { inTransaction } from '../../db/transaction.js';
import { problemText, processProblems, schemaPathProblem } from '../../../schema/cgform-process.js';
import { SYSTEM_FIELDS } from '../../../schema/types.js';
import { applyProcess, grantTransitions, menuOf, parseProcess, requireSafeChange, roleCodeSet } from './process.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

const HEAD = 'onl_cgform_head';
const VERSION = 'onl_cgform_version';

/**
 * Online forms: designs stored as page schemas (the language of schemas/), synced to the database
 * as an explicit step, then served by the same engine as a schema file. The design being edited
 * (`schemaJson`) and the one in force (`syncedJson`) are kept apart, so the list shows "changed
 * but not synced"; every sync is kept as a version that can be restored.
 */
export class OnlineForms {
  private readonly tables = new Map<string, RouteTable>();

  constructor(private readonly ctx: AppContext) {}

  private get db(): Kysely<any> {
    return this.ctx.db as unknown as Kysely<any>;
  }

  /** At start: every synced form joins the registry and gets its routes. One that no longer fits is skipped, and said. */
  async loadSynced(warn: (msg: string) => void): Promise<void> {
    const heads = await this.db.selectFrom(HEAD).select(['tableName', 'tableType', 'syncedJson']).where('syncedJson', 'is not', null).execute();
    // Sub tables join first: a main page is checked against the sub pages it names.
    const rank = (t: unknown) => ({ 3: 0, 1: 1, 2: 2 } as Record<number, number>)[Number(t)] ?? 1;
    heads.sort((a, b) => rank(a.tableType) - rank(b.tableType));
    for (const h of heads) {
      try {
        await this.serve(JSON.parse(h.syncedJson) as PageSchema);
      } catch (e) {
        warn(`online form ${h.tableName} not served: ${(e as Error).message}`);
      }
    }
  }

  /** Tells the other instances a form was synced, once each serves it (set when the state is shared: cgform-module.ts). */
  announceSync?: (table: string) => Promise<void>;

  /** Another instance synced `table`: this one serves what is now in force, and reads the dictionaries again (a process adds one). */
  async syncedElsewhere(table: string): Promise<void> {
    const head = await this.db.selectFrom(HEAD).select(['syncedJson']).where('tableName', '=', table).executeTakeFirst();
    if (!head?.syncedJson) return;
    await this.serve(JSON.parse(head.syncedJson) as PageSchema);
    this.ctx.dicts.invalidate();
  }

  private async serve(schema: PageSchema): Promise<void> {
    this.ctx.schemas.put(schema, `online form ${schema.table}`);
    this.tables.set(schema.table, await RouteTable.of(this.ctx, schema, enhanceHooks(this.ctx, schema.table)));
  }

  /** The engine's handlers of a synced form, by table name. */
  routes(table: string): RouteTable | undefined {
    return this.tables.get(table);
  }

  async head(idOrTable: string): Promise<Row> {
    const head = await this.db.selectFrom(HEAD).selectAll().where((eb) => eb.or([eb('id', '=', idOrTable), eb('tableName', '=', idOrTable)])).executeTakeFirst();
    if (!head) throw notFound('表单不存在');
    return head;
  }

  /**
   * A design as the page schema it means, checked as if it joined the registry now. A main table's
   * sub tables are the sub designs that name it; a sub design's main must be a main design.
   */
  async compile(design: Design): Promise<PageSchema> {
    let schema: PageSchema;
    const isMain = Number(design.head?.tableType) === 2;
    const subs = isMain ? await this.subDesigns(String(design.head.tableName ?? '').trim().toLowerCase(), 'schemaJson') : [];
    try {
      schema = designToSchema(design, { subs, ...(design.process ? { roles: await roleCodeSet(this.db), tables: this.tableColumns } : {}) });
    } catch (e) {
      if (e instanceof DesignError) throw badRequest(e.message);
      throw e;
    }
    if (schema.main) await this.requireMainKind(schema.main.table);
    // A main saved before its sub tables is kept (they may come next); syncing it needs them.
    if (schema.kind === 'main' && !schema.subTables?.length) {
      this.checked({ ...schema, kind: 'single', subTables: undefined });
      return schema;
    }
    return this.checked(schema, subs);
  }

  /** The columns (schema names) of a table the registry declares: a row rule's relation names one. */
  private readonly tableColumns = (table: string) => {
    const t = this.ctx.schemas.table(table);
    return t && new Set([...SYSTEM_FIELDS, ...t.fields].filter((f) => !f.virtual).map((f) => f.name));
  };

  /** The sub designs (as edited, or as in force) whose main table is `table`. */
  private async subDesigns(table: string, state: 'schemaJson' | 'syncedJson'): Promise<PageSchema[]> {
    const rows = await this.db.selectFrom(HEAD).select(['tableName', state]).where('tableType', '=', 3).execute();
    return rows.filter((r) => r[state]).map((r) => JSON.parse(r[state]) as PageSchema).filter((s) => s.main?.table === table);
  }

  private async requireMainKind(table: string): Promise<void> {
    const main = await this.db.selectFrom(HEAD).select(['tableType']).where('tableName', '=', table).executeTakeFirst();
    if (main && Number(main.tableType) !== 2) throw badRequest(`表「${table}」不是主表：请先把它的表类型设为主表`);
    if (!main && this.ctx.schemas.table(table)) throw badRequest(`表「${table}」不是在线表单，不能作为主表`);
  }

  /**
   * A main design lists its sub tables as they are now: after a sub design is saved, synced or
   * removed, the main's stored design follows, and shows 未同步 when that differs from the one in force.
   */
  async refreshMain(table: string | undefined): Promise<void> {
    if (!table) return;
    const head = await this.db.selectFrom(HEAD).select(['id', 'schemaJson', 'syncedJson', 'tableType']).where('tableName', '=', table).executeTakeFirst();
    if (!head || Number(head.tableType) !== 2) return;
    const schema = JSON.parse(head.schemaJson) as PageSchema;
    const json = JSON.stringify({ ...schema, subTables: subTablesOf(table, await this.subDesigns(table, 'schemaJson')) });
    if (json === head.schemaJson) return;
    await this.db.updateTable(HEAD).set({ schemaJson: json, isDbSynch: head.syncedJson === json ? 'Y' : 'N' }).where('id', '=', head.id).execute();
  }

  /** A schema checked against the registry it would join; a table a schema file owns is not the designer's. */
  private checked(schema: PageSchema, along: PageSchema[] = []): PageSchema {
    if (this.ctx.schemas.table(schema.table) && !this.tables.has(schema.table)) throw badRequest(`表名「${schema.table}」已被系统使用`);
    try {
      return this.ctx.schemas.check(schema, `online form ${schema.table}`, along);
    } catch (e) {
      if (e instanceof SchemaError) throw badRequest(schemaPathProblem(e.path, e.problem) ?? `表单配置有误：${e.path || '/'}: ${e.problem}`);
      throw e;
    }
  }

  /**
   * The schema a sync puts in force. A main table takes its sub tables as they are in force: each
   * sub design naming it must be synced first, and it needs at least one.
   */
  private async inForce(head: Row): Promise<PageSchema> {
    const schema = JSON.parse(head.schemaJson) as PageSchema;
    if (schema.kind !== 'main') return this.checked(schema);
    const designed = await this.subDesigns(schema.table, 'schemaJson');
    if (!designed.length) throw badRequest('主表至少需要一个附表：请先新增附表，并在附表的外键中填写本表');
    const synced = await this.subDesigns(schema.table, 'syncedJson');
    const pending = designed.filter((d) => !synced.some((s) => s.table === d.table));
    if (pending.length) throw badRequest(`请先同步附表：${pending.map((s) => s.table).join(',')}`);
    return this.checked({ ...schema, subTables: subTablesOf(schema.table, synced) });
  }

  async add(design: Design, user: string): Promise<string> {
    const schema = await this.compile(design);
    if (await this.db.selectFrom(HEAD).select('id').where('tableName', '=', schema.table).executeTakeFirst()) throw badRequest(`表名「${schema.table}」已存在`);
    const id = newId();
    await this.db.insertInto(HEAD).values({
      id, tableName: schema.table, tableTxt: schema.title, tableType: schema.kind === 'main' ? 2 : schema.kind === 'sub' ? 3 : 1,
      isTree: schema.kind === 'tree' ? 'Y' : 'N', isDbSynch: 'N', tableVersion: 1, schemaJson: JSON.stringify(schema),
      processJson: design.process ? JSON.stringify(design.process) : null, createBy: user, createTime: formatDateTime(),
    }).execute();
    await this.refreshMain(schema.main?.table);
    return id;
  }

  async edit(id: string, design: Design, user: string): Promise<void> {
    const head = await this.head(id);
    const schema = await this.compile(design);
    if (schema.table !== head.tableName && head.syncedJson) throw badRequest('已同步的表单不能修改表名');
    if (schema.table !== head.tableName && await this.db.selectFrom(HEAD).select('id').where('tableName', '=', schema.table).executeTakeFirst()) {
      throw badRequest(`表名「${schema.table}」已存在`);
    }
    // A process in force with rows is changed safely: a state rows are in is not dropped.
    if (head.syncedJson) await this.requireSafe(head, schema, design.process ?? null);
    await this.db.updateTable(HEAD).set({
      tableName: schema.table, tableTxt: schema.title, tableType: schema.kind === 'main' ? 2 : schema.kind === 'sub' ? 3 : 1,
      isTree: schema.kind === 'tree' ? 'Y' : 'N', schemaJson: JSON.stringify(schema), tableVersion: Number(head.tableVersion ?? 1) + 1,
      processJson: design.process ? JSON.stringify(design.process) : null,
      isDbSynch: head.syncedJson === JSON.stringify(schema) ? 'Y' : 'N', updateBy: user, updateTime: formatDateTime(),
    }).where('id', '=', id).execute();
    const before = (JSON.parse(head.schemaJson) as PageSchema).main?.table;
    await this.refreshMain(schema.main?.table);
    if (before !== schema.main?.table) await this.refreshMain(before);
  }

  /** Refuses a design that would strand the rows of the process in force (process.ts). */
  private async requireSafe(head: Row, next: PageSchema, process: ReturnType<typeof parseProcess>): Promise<void> {
    const inForce = head.syncedJson ? JSON.parse(head.syncedJson) as PageSchema : null;
    const code = inForce?.fields.find((f) => f.name === inForce.workflow?.field)?.dict?.code;
    const items = code ? (await this.ctx.dicts.items(code)) ?? [] : [];
    const label = (s: string) => items.find((i) => i.value === s)?.text ?? s;
    await requireSafeChange(this.db, inForce, next, process, label);
  }

  /** What syncing would do to the database now: created tables, added columns and indexes, and the drops that need `force`. */
  async plan(head: Row): Promise<DdlStep[]> {
    const schema = JSON.parse(head.schemaJson) as PageSchema;
    return planSync(schema, await inspectTable(this.db, this.ctx.dialect, schema.table));
  }

  /** A main table's plan, its unsynced sub tables' first: what the one sync of the main will do. */
  async planWithSubs(head: Row): Promise<DdlStep[]> {
    const subs = Number(head.tableType) === 2 ? await this.unsyncedSubs(head.tableName) : [];
    return [...(await Promise.all(subs.map((s) => this.plan(s)))).flat(), ...await this.plan(head)];
  }

  /** The sub designs naming `table` whose design is not the one in force (never synced, or changed since). */
  private async unsyncedSubs(table: string): Promise<Row[]> {
    const rows = await this.db.selectFrom(HEAD).selectAll().where('tableType', '=', 3).where('isDbSynch', '!=', 'Y').orderBy('tableName').execute();
    return rows.filter((r) => (JSON.parse(r.schemaJson) as PageSchema).main?.table === table);
  }

  /**
   * Applies the plan (`force` also drops columns the design no longer has: their data is lost),
   * then serves the design: registry, routes, `syncedJson`, and a version row.
   */
  async sync(id: string, method: 'normal' | 'force', user: string): Promise<{ applied: DdlStep[]; skipped: DdlStep[]; subs: string[] }> {
    // A main table brings its sub tables along, synced first (the order a main needs), in the one step.
    const first = await this.head(id);
    const subs = Number(first.tableType) === 2 ? await this.unsyncedSubs(first.tableName) : [];
    const done: { applied: DdlStep[]; skipped: DdlStep[] }[] = [];
    for (const sub of subs) {
      try {
        done.push(await this.sync(sub.id, method, user));
      } catch (e) {
        throw e instanceof ClientError ? new ClientError(e.statusCode, `附表「${sub.tableName}」：${e.message}`) : e;
      }
    }
    const head = subs.length ? await this.head(id) : first;
    const schema = await this.inForce(head);
    const json = JSON.stringify(schema);
    const steps = await this.plan(head);
    const before = head.syncedJson ? JSON.parse(head.syncedJson) as PageSchema : null;
    const process = parseProcess(head.processJson);
    if (process) {
      // Checked again as it goes into force: a role named may have been deleted since the save.
      const problems = processProblems(process, { fields: schema.fields, roles: await roleCodeSet(this.db), tables: this.tableColumns });
      if (problems.length) throw badRequest(problems.map(problemText).join('；'));
    }
    await this.requireSafe(head, schema, process);
    const skipped: DdlStep[] = method === 'force' ? [] : steps.filter((s) => s.kind === 'dropColumn');
    await applyPlan(this.db, steps, { allowDestructive: method === 'force' });
    await syncIndexes(this.db, this.ctx.dialect, [schema], [...this.ctx.schemas.schemas.filter((x) => x.table !== schema.table), schema]);
    if (schema.kind === 'tree' && schema.tree) await repairHasChild(this.db as never, schema);
    await this.serve(schema);
    const now = formatDateTime();
    await inTransaction(this.db, async (tx) => {
      await tx.updateTable(HEAD).set({ isDbSynch: 'Y', schemaJson: json, syncedJson: json, updateBy: user, updateTime: now }).where('id', '=', head.id).execute();
      await applyProcess(tx, before, schema, process, user);
      // Renames are done: the stored process (and the version kept) forget them, so no later sync moves rows again.
      const kept = process ? JSON.stringify({ ...process, states: process.states.map(({ was: _w, ...st }) => st) }) : null;
      if (kept !== head.processJson) await tx.updateTable(HEAD).set({ processJson: kept }).where('id', '=', head.id).execute();
      await tx.insertInto(VERSION).values({
        id: newId(), headId: head.id, tableName: schema.table, tableVersion: head.tableVersion, schemaJson: json, processJson: kept, createBy: user, createTime: now,
      }).execute();
      const menuId = await menuOf(tx, schema);
      if (menuId) await grantTransitions(tx, schema, before, process, menuId, user);
    });
    if (process) this.ctx.dicts.invalidate();
    await this.refreshMain(schema.main?.table);
    // Answered once every instance serves it: the next request may reach any of them.
    await this.announceSync?.(schema.table);
    return {
      applied: [...done.flatMap((d) => d.applied), ...steps.filter((s) => !skipped.includes(s))],
      skipped: [...done.flatMap((d) => d.skipped), ...skipped],
      subs: subs.map((s) => s.tableName as string),
    };
  }

  /**
   * Puts a synced form in the menu (under `parentId`, else 在线开发) with its five buttons, granted
   * to the administrator role and the roles named: the page then appears for their users.
   */
  async addToMenu(id: string, opts: { parentId?: string; topLevel?: boolean; roleIds?: string[] }, user: string): Promise<string> {
    const head = await this.head(id);
    if (!head.syncedJson) throw badRequest('请先同步数据库');
    const schema = JSON.parse(head.syncedJson) as PageSchema;
    if (schema.kind === 'sub') throw badRequest(`附表不能单独添加到菜单：请把主表「${schema.main?.table ?? ''}」添加到菜单，附表随主表编辑`);
    const db = this.db;
    if (await db.selectFrom('sysPermission').select('id').where('component', '=', schema.component!).where('delFlag', '=', 0).executeTakeFirst()) {
      throw badRequest('该表单已添加到菜单');
    }
    if (opts.topLevel && opts.parentId) throw badRequest('一级菜单不能再选择上级菜单');
    // A top-level entry (the end user's sidebar itself) has no parent; otherwise 在线开发 unless one is named.
    const parent = opts.topLevel ? null : opts.parentId
      ? await db.selectFrom('sysPermission').select(['id', 'menuType']).where('id', '=', opts.parentId).where('delFlag', '=', 0).executeTakeFirst()
      : await db.selectFrom('sysPermission').select(['id', 'menuType']).where('url', '=', '/online').where('delFlag', '=', 0).executeTakeFirst();
    if (parent !== null && (!parent || Number(parent.menuType) === 2)) throw badRequest('上级菜单不存在');
    const roleIds = [...new Set(opts.roleIds ?? [])];
    const roles = await db.selectFrom('sysRole').select(['id', 'roleCode']).where((eb) => eb.or([eb('roleCode', '=', 'admin'), ...(roleIds.length ? [eb('id', 'in', roleIds)] : [])])).execute();
    const missing = roleIds.filter((r) => !roles.some((x) => x.id === r));
    if (missing.length) throw badRequest(`角色不存在：${missing.join(',')}`);
    const now = formatDateTime();
    const stamp = { createBy: user, createTime: now, delFlag: 0, ruleFlag: 0, alwaysShow: 0, keepAlive: 0, hideTab: 0, internalOrExternal: 0, description: null, redirect: null, componentName: null };
    const menuId = newId();
    await inTransaction(db, async (tx) => {
      const last = await tx.selectFrom('sysPermission').select((eb) => eb.fn.max('sortNo').as('n'))
        .where((eb) => (parent ? eb('parentId', '=', parent.id) : eb.or([eb('parentId', 'is', null), eb('parentId', '=', '')]))).executeTakeFirst();
      await tx.insertInto('sysPermission').values({
        ...stamp, id: menuId, parentId: parent?.id ?? null, name: schema.title, url: `/online/cgformList/${schema.table}`, component: schema.component,
        menuType: parent ? 1 : 0, perms: null, permsType: null, sortNo: Number(last?.n ?? 0) + 1, icon: 'table', isRoute: 1, isLeaf: 1, hidden: 0, status: null,
      }).execute();
      if (parent) await tx.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
      const grants = [menuId];
      for (const [i, [action, name]] of [['add', '添加'], ['edit', '编辑'], ['delete', '删除'], ['export', '导出'], ['import', '导入']].entries()) {
        const bid = newId();
        grants.push(bid);
        await tx.insertInto('sysPermission').values({
          ...stamp, id: bid, parentId: menuId, name: `${name}${schema.title}`, url: null, component: null, menuType: 2,
          perms: `${schema.permission}:${action}`, permsType: '1', sortNo: i + 1, icon: null, isRoute: 0, isLeaf: 1, hidden: 0, status: '1',
        }).execute();
      }
      grants.push(...await addButtonPermissions(tx, head.id, schema.table, menuId, user));
      await grantTransitions(tx, schema, null, parseProcess(head.processJson), menuId, user);
      // A menu shows only under menus its users hold: the ancestors are granted too, where missing.
      for (let at: string | null = parent?.id ?? null; at;) {
        grants.push(at);
        const up: { parentId: string | null } | undefined = await tx.selectFrom('sysPermission').select('parentId').where('id', '=', at).executeTakeFirst();
        at = up?.parentId || null;
      }
      for (const role of roles) {
        const held = new Set((await tx.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', role.id).where('permissionId', 'in', grants).execute()).map((r) => r.permissionId));
        for (const permissionId of grants.filter((g) => !held.has(g))) await tx.insertInto('sysRolePermission').values({ id: newId(), roleId: role.id, permissionId }).execute();
      }
    });
    return menuId;
  }

  /** Puts a synced version back as the design being edited (sync it again to put it in force). */
  async restore(id: string, version: number, user: string): Promise<void> {
    const head = await this.head(id);
    const old = await this.db.selectFrom(VERSION).select(['schemaJson', 'processJson']).where('headId', '=', head.id).where('tableVersion', '=', version).orderBy('createTime', 'desc').executeTakeFirst();
    if (!old) throw notFound(`版本 ${version} 不存在`);
    await this.db.updateTable(HEAD).set({
      schemaJson: old.schemaJson, processJson: old.processJson ?? null, tableVersion: Number(head.tableVersion) + 1, isDbSynch: head.syncedJson === old.schemaJson ? 'Y' : 'N',
      updateBy: user, updateTime: formatDateTime(),
    }).where('id', '=', head.id).execute();
  }
}

const services = new WeakMap<AppContext, OnlineForms>();
export function onlineForms(ctx: AppContext): OnlineForms {
  let s = services.get(ctx);
  if (!s) services.set(ctx, (s = new OnlineForms(ctx)));
  return s;
}
