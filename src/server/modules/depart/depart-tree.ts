import type { Kysely } from 'kysely';
import type { Row } from '../../crud/hooks.js';
import { nest } from '../permission/nest.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A department tree node (contract §4.3 SysDepartTreeModel): the row plus key/value/title; leaves have children null. */
export type DepartTreeNode = Row & { id: string; key: string; value: string; title: string; isLeaf: boolean; children: DepartTreeNode[] | null };

/** Every department, siblings ordered by departOrder then orgCode. */
export async function departRows(db: Kysely<any>): Promise<Row[]> {
  const rows = (await db.selectFrom('sys_depart').selectAll().execute()) as Row[];
  const order = (r: Row) => Number(r.departOrder ?? 0);
  return rows.sort((a, b) => order(a) - order(b) || String(a.orgCode).localeCompare(String(b.orgCode)));
}

const toNode = (r: Row, children: DepartTreeNode[] | null, isLeaf: boolean): DepartTreeNode => ({
  ...r, id: String(r.id), key: String(r.id), value: String(r.id), title: String(r.departName), isLeaf, children,
});

export function departTree(rows: Row[]): DepartTreeNode[] {
  return nest<Row, DepartTreeNode>(rows, (r) => String(r.id), (r) => (r.parentId ? String(r.parentId) : null),
    (r, children) => toNode(r, children.length ? children : null, !children.length));
}

/** Departments whose name contains the keyword (case-insensitive), as flat nodes. */
export function searchDeparts(rows: Row[], keyWord: string): DepartTreeNode[] {
  const kw = keyWord.toLowerCase();
  const parents = new Set(rows.map((r) => r.parentId).filter(Boolean));
  return rows.filter((r) => String(r.departName).toLowerCase().includes(kw)).map((r) => toNode(r, null, !parents.has(r.id)));
}
