import type { Kysely } from 'kysely';
import type { PageSchema } from '../../schema/types.js';
import { notifyTargets, type WorkflowTransition } from '../../schema/workflow.js';
import type { SysUser } from '../db/tables.js';
import { notifyUsers } from '../modules/announcement/notify.js';
import { recordLink, recordNames } from '../modules/announcement/record-notice.js';
import type { Row } from './hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Accounts a comma-joined user field names. */
const accountsIn = (v: unknown) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : []);

/**
 * Tells whom the transition's `notify` names that rows moved, in the transition's transaction: per
 * recipient one system message naming the rows (项目「甲」已退回修改), carrying the opinion and who
 * acted, and opening the row from a page the recipient holds. The one who fired it is not told.
 */
export async function tellOfTransition(tx: Kysely<any>, schema: PageSchema, t: WorkflowTransition, rows: Row[],
  how: { user: SysUser; opinion: string | null; stateLabel: string }): Promise<void> {
  const targets = notifyTargets(t);
  if (!targets.length || !rows.length) return;
  const { user, opinion } = how;
  const byAccount = new Map<string, Row[]>();
  const add = (account: string, row: Row) => {
    if (account === user.username) return;
    const list = byAccount.get(account) ?? [];
    if (!list.includes(row)) byAccount.set(account, [...list, row]);
  };
  const roles: string[] = [];
  for (const n of targets) {
    if (n === 'owner') for (const r of rows) { if (r.createBy) add(String(r.createBy), r); }
    else if ('field' in n) for (const r of rows) for (const a of accountsIn(r[n.field])) add(a, r);
    else roles.push(n.role);
  }
  if (roles.length) {
    const holders = await tx.selectFrom('sys_user as u').innerJoin('sys_user_role as ur', 'ur.userId', 'u.id').innerJoin('sys_role as r', 'r.id', 'ur.roleId')
      .select('u.username').distinct().where('r.roleCode', 'in', roles).where('u.delFlag', '=', 0).execute() as { username: string }[];
    for (const h of holders) for (const r of rows) add(h.username, r);
  }
  const acted = `处理人：${user.realname || user.username}`;
  for (const [account, mine] of byAccount) {
    const title = `${recordNames(schema, mine)}已${t.label}`;
    const content = [`${title}（当前状态：${how.stateLabel}）`, opinion ? `意见：${opinion}` : null, acted].filter(Boolean).join('\n');
    await notifyUsers(tx, {
      usernames: [account], title, content, sender: user.username, busType: schema.table, busId: mine.map((r) => String(r.id)).join(','),
      openPage: mine.length === 1 ? await recordLink(tx, schema, { username: account }, { ...mine[0], [schema.workflow!.field]: t.to }) : null,
    });
  }
}
