import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { nextChildCode } from './code.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_category';
/** Set once the upgrade ran (or found nothing to do): a tree an administrator edits afterwards stays theirs. */
const MARKER = 'upgrade:category-tracks-37';
/** The category whose children the declaration's 所属领域 follows 赛道 by. */
const ROOT = { code: 'A02', name: '行业领域' };

/** 行业领域 as schemas/seed/categories.json seeded it before it had a branch per 赛道: code, name, parent code. */
const OLD_TREE: [code: string, name: string, parent: string][] = [
  ['A02A01', '电子信息', 'A02'], ['A02A01A01', '人工智能', 'A02A01'], ['A02A01A02', '集成电路', 'A02A01'], ['A02A01A03', '软件与信息服务', 'A02A01'],
  ['A02A02', '生物医药', 'A02'], ['A02A03', '新材料', 'A02'], ['A02A04', '先进制造', 'A02'], ['A02A05', '新能源与节能环保', 'A02'],
];
/** Old nodes that live on under another name: 电子信息 is the 信息技术 branch, 新能源与节能环保 the 新能源新材料 one. */
const RENAMED: Record<string, string> = { 电子信息: '信息技术', 新能源与节能环保: '新能源新材料' };

interface CategorySeed { name: string; children?: CategorySeed[] }
interface Node { id: string; pid: string; code: string; name: string }

/** The seed's nodes under the root, depth first, coded as the seed codes them (code.ts). */
function planned(seed: CategorySeed[], parentCode: string): { code: string; name: string; parent: string; leaf: boolean }[] {
  const out: { code: string; name: string; parent: string; leaf: boolean }[] = [];
  const used: string[] = [];
  for (const n of seed) {
    const code = nextChildCode(parentCode, used);
    used.push(code);
    out.push({ code, name: n.name, parent: parentCode, leaf: !n.children?.length }, ...planned(n.children ?? [], code));
  }
  return out;
}

/**
 * A database seeded before issue 37 has 行业领域 (A02) as 电子信息 (人工智能, 集成电路, 软件与信息服务),
 * 生物医药, 新材料, 先进制造, 新能源与节能环保: no branch per 赛道 for 所属领域 to follow. Once, where
 * that tree is still exactly as seeded, it becomes the seed's: one branch per 赛道, named as the
 * dictionary's text, with their 领域. Every old node lives on with its id (电子信息 renamed
 * 信息技术, 新能源与节能环保 renamed 新能源新材料, 新材料 moved under it, 人工智能… under 信息技术), so
 * every project and enterprise naming one still names a category; codes follow the seed's order.
 * A tree an administrator changed is left alone.
 */
export async function upgradeCategoryTracks(db: Kysely<any>, opts: { seedDir: string }): Promise<boolean> {
  if (await db.selectFrom('sys_setting').select('key').where('key', '=', MARKER).executeTakeFirst()) return false;
  const file = path.join(opts.seedDir, 'categories.json');
  const seed = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as CategorySeed[] : [];
  const branches = seed.find((n) => n.name === ROOT.name)?.children ?? [];
  const now = formatDateTime();
  let upgraded = false;
  await inTransaction(db, async (tx) => {
    const old = branches.length ? await oldTree(tx) : null;
    if (old) {
      await regrow(tx, old, planned(branches, ROOT.code), now);
      upgraded = true;
    }
    await tx.insertInto('sys_setting').values({ key: MARKER, value: now }).execute();
  });
  return upgraded;
}

/** The root and its descendants when they are exactly the old seed's, else null. */
async function oldTree(tx: Kysely<any>): Promise<{ root: Node; nodes: Node[] } | null> {
  const root = (await tx.selectFrom(TABLE).select(['id', 'pid', 'code', 'name']).where('code', '=', ROOT.code).executeTakeFirst()) as Node | undefined;
  if (!root || root.name !== ROOT.name) return null;
  const nodes: Node[] = [];
  let level = [root.id];
  for (let depth = 0; level.length && depth < 10; depth++) {
    const children = (await tx.selectFrom(TABLE).select(['id', 'pid', 'code', 'name']).where('pid', 'in', level).execute()) as Node[];
    nodes.push(...children);
    level = children.map((c) => c.id);
  }
  if (nodes.length !== OLD_TREE.length) return null;
  const codeOf = new Map([[root.id, root.code], ...nodes.map((n) => [n.id, n.code] as const)]);
  const seen = new Set(nodes.map((n) => `${n.code}|${n.name}|${codeOf.get(n.pid)}`));
  return OLD_TREE.every(([code, name, parent]) => seen.has(`${code}|${name}|${parent}`)) ? { root, nodes } : null;
}

async function regrow(tx: Kysely<any>, old: { root: Node; nodes: Node[] }, plan: ReturnType<typeof planned>, now: string): Promise<void> {
  const byName = new Map(old.nodes.map((n) => [RENAMED[n.name] ?? n.name, n]));
  const ids = new Map<string, string>([[ROOT.code, old.root.id]]);
  for (const p of plan) ids.set(p.code, byName.get(p.name)?.id ?? newId());
  const kept = new Set(plan.map((p) => byName.get(p.name)?.id).filter(Boolean));
  // Every old node lives on (the seed keeps their names): a node dropped would leave its references behind.
  const dropped = old.nodes.filter((n) => !kept.has(n.id));
  if (dropped.length) throw new Error(`categories.json: 行业领域 no longer holds ${dropped.map((n) => n.name).join('、')}, which older databases may reference`);
  // Codes are unique: the kept nodes step aside first, then take their new places.
  for (const [i, n] of old.nodes.entries()) await tx.updateTable(TABLE).set({ code: `UPGRADE${i}` }).where('id', '=', n.id).execute();
  const stamp = { updateBy: 'system', updateTime: now };
  for (const p of plan) {
    const id = ids.get(p.code)!;
    const values = { pid: ids.get(p.parent)!, code: p.code, name: p.name, hasChild: p.leaf ? '0' : '1' };
    if (kept.has(id)) await tx.updateTable(TABLE).set({ ...values, ...stamp }).where('id', '=', id).execute();
    else await tx.insertInto(TABLE).values({ id, ...values, createBy: 'system', createTime: now, updateBy: null, updateTime: null, sysOrgCode: null }).execute();
  }
}
