import type { Kysely } from 'kysely';
import { columnFields } from '../../schema/ddl.js';
import type { PageSchema } from '../../schema/types.js';
import type { SysUser } from '../db/tables.js';
import { newId } from '../util/ids.js';
import { formatDateTime } from '../util/time.js';
import type { Row } from './hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const DATA_LOG_TABLE = 'sys_data_log';

/**
 * 数据日志 (JeecgBoot sys_data_log): called by the engine's edit path in the edit's transaction.
 * Each edit through a page adds the row as it now stands (readable columns only, never a
 * `sensitive` one) as the next version of that row; a row's first edit also keeps what it was
 * before, as version 1, so the first change can be compared too. The edit's row lock orders two
 * edits of one row, so their version numbers do not collide.
 */
export async function recordDataLog(db: Kysely<any>, schema: PageSchema, id: string, before: Row, user: SysUser): Promise<void> {
  if (schema.table === DATA_LOG_TABLE) return;
  const columns = columnFields(schema).filter((f) => !f.sensitive).map((f) => f.name);
  const after = (await db.selectFrom(schema.table).select(columns).where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!after) return;
  const { v } = (await db.selectFrom(DATA_LOG_TABLE).select((eb) => eb.fn.max('dataVersion').as('v'))
    .where('dataTable', '=', schema.table).where('dataId', '=', id).executeTakeFirstOrThrow()) as { v: number | string | null };
  let version = Number(v ?? 0);
  const now = formatDateTime();
  const entry = (content: Row) => ({
    id: newId(), dataTable: schema.table, dataId: id, dataVersion: ++version, type: 'json',
    dataContent: JSON.stringify(Object.fromEntries(columns.map((c) => [c, content[c] ?? null]))),
    createBy: user.username, createName: user.realname || user.username, createTime: now, updateBy: null, updateTime: null, sysOrgCode: user.orgCode,
  });
  await db.insertInto(DATA_LOG_TABLE).values(version === 0 ? [entry(before), entry(after)] : [entry(after)]).execute();
}

