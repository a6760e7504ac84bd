import { createHash } from 'node:crypto';
import type { SysPermission } from '../../db/tables.js';

export interface MenuNode {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string | null;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: Record<string, unknown>;
  children?: MenuNode[];
}

const isExternal = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

/** Route name rule of contract §3.1: `/online/cgformList/:code` → `online-cgformList-@code`. */
export function routeName(p: Pick<SysPermission, 'componentName' | 'url'>): string {
  if (p.componentName) return p.componentName;
  return (p.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toNode(p: SysPermission): MenuNode {
  const url = p.url ?? '';
  const external = isExternal(url);
  const meta: Record<string, unknown> = {
    keepAlive: p.keepAlive === 1,
    internalOrExternal: p.internalOrExternal === 1,
    title: p.name,
    componentName: p.componentName || (p.component ?? '').split('/').pop() || '',
  };
  if (p.icon) meta.icon = p.icon;
  if (external) meta.url = url;
  if (p.hidden === 1) meta.hideMenu = true;
  if (p.hideTab === 1) meta.hideTab = true;
  const node: MenuNode = {
    id: p.id,
    route: p.isRoute === 1 ? '1' : '0',
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(p),
    component: p.component,
    meta,
  };
  if (!p.parentId) node.redirect = p.redirect;
  if (p.hidden === 1) node.hidden = true;
  if (p.alwaysShow === 1) node.alwaysShow = true;
  return node;
}

/**
 * Builds the menu tree of `getUserPermissionByToken` from permission rows (menus only; buttons never
 * become nodes). A top-level node whose children are all hidden is hidden and its meta replaced by
 * `{hideMenu:true}` (contract §3.1 quirk).
 */
export function buildMenuTree(rows: SysPermission[]): MenuNode[] {
  const menus = rows.filter((r) => r.menuType !== 2).sort((a, b) => a.sortNo - b.sortNo);
  const ids = new Set(menus.map((m) => m.id));
  const byParent = new Map<string, SysPermission[]>();
  for (const m of menus) {
    const key = m.parentId && ids.has(m.parentId) ? m.parentId : '';
    if (m.parentId && !ids.has(m.parentId)) continue; // parent not granted: the child is unreachable
    byParent.set(key, [...(byParent.get(key) ?? []), m]);
  }
  const grow = (parent: string): MenuNode[] => (byParent.get(parent) ?? []).map((p) => {
    const node = toNode(p);
    const children = grow(p.id);
    if (children.length) node.children = children;
    return node;
  });
  const roots = grow('');
  for (const root of roots) {
    if (root.children?.length && root.children.every((c) => c.hidden)) {
      root.hidden = true;
      root.meta = { hideMenu: true };
    }
  }
  return roots;
}
