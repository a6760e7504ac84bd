import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { AuthEntry, MenuNode } from '../../api/types';
import { hasPermission } from '../../app/permission';
import type { PageRoute } from '../../app/routes';

export type MenuItem = Required<MenuProps>['items'][number];

export const menuTitle = (node: MenuNode): string => node.meta?.title ?? node.name;

/** Menu paths of external entries are hashes without a leading slash; the router needs one. */
export const locationOf = (path: string): string => (path.startsWith('/') ? path : `/${path}`);

/**
 * SPEC §6: entries whose meta.permissionList the user holds none of are dropped, and a parent whose
 * children are all hidden (or dropped) is hidden.
 */
export function permittedMenu(menu: MenuNode[], auth: AuthEntry[], allAuth: AuthEntry[]): MenuNode[] {
  const allowed = (node: MenuNode) => {
    const required = node.meta?.permissionList;
    return !required?.length || required.some((p) => hasPermission(p.action, auth, allAuth));
  };
  const walk = (nodes: MenuNode[]): MenuNode[] =>
    nodes.filter(allowed).map((node) => {
      if (!node.children?.length) return node;
      const children = walk(node.children);
      return { ...node, children, hidden: !!node.hidden || children.every((c) => c.hidden) };
    });
  return walk(menu);
}

/** antd Menu items keyed by menu path: hidden entries skipped, parents become submenus unless alwaysShow. */
export function toMenuItems(nodes: MenuNode[], iconOf: (name?: string) => ReactNode): MenuItem[] {
  return nodes
    .filter((node) => !node.hidden)
    .map((node) => {
      const item = { key: node.path, icon: iconOf(node.meta?.icon), label: menuTitle(node) };
      return node.children?.length && !node.alwaysShow ? { ...item, children: toMenuItems(node.children, iconOf) } : item;
    });
}

export function findMenuNode(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = node.children && findMenuNode(node.children, path);
    if (found) return found;
  }
  return undefined;
}

/** Keys of the root submenus: in inline mode only one of them stays open. */
export const rootSubmenuKeys = (nodes: MenuNode[]): string[] =>
  nodes.filter((n) => !n.hidden && n.children?.length && !n.alwaysShow).map((n) => n.path);

/** The highlighted entry: the route itself, or for a hidden route its nearest parent. */
export function selectedMenuKeys(route: PageRoute): string[] {
  if (!route.hidden) return [route.path];
  const parent = route.parents[route.parents.length - 1];
  return parent ? [parent.path] : [];
}

export const openMenuKeys = (route: PageRoute): string[] => route.parents.map((p) => p.path);

/** antd onOpenChange: opening a root group closes the other root groups; nested groups just toggle. */
export function nextOpenKeys(current: string[], requested: string[], rootKeys: string[]): string[] {
  const opened = requested.find((key) => !current.includes(key));
  return opened && rootKeys.includes(opened) ? [opened] : requested;
}
