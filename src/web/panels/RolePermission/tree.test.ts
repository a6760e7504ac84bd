import { describe, expect, it } from 'vitest';
import type { PermissionNode } from './api';
import { allKeys, conductCheck, filterTree, leafKeysOf, parentKeys, usableCheck } from './tree';

const node = (key: string, title: string, children: PermissionNode[] | null = null): PermissionNode => ({
  key, title, parentId: null, menuType: children ? 0 : 2, isLeaf: !children, children,
});
const tree = [
  node('sys', '系统管理', [
    node('user', '用户管理', [node('user:add', '添加用户'), node('user:edit', '编辑用户')]),
    node('role', '角色管理'),
  ]),
  node('home', '首页'),
];

describe('permission tree', () => {
  it('lists every key and the expandable ones', () => {
    expect(allKeys(tree)).toEqual(['sys', 'user', 'user:add', 'user:edit', 'role', 'home']);
    expect(parentKeys(tree)).toEqual(['sys', 'user']);
  });

  it('keeps only leaves for linked mode', () => {
    expect(leafKeysOf(tree, ['sys', 'user', 'user:add', 'home'])).toEqual(['user:add', 'home']);
  });

  it('conducts checks down from a parent and up from the leaves', () => {
    expect(conductCheck(tree, ['user'])).toEqual({ checked: ['user:add', 'user:edit', 'user'], halfChecked: ['sys'] });
    expect(conductCheck(tree, ['user:add', 'user:edit', 'role'])).toEqual({ checked: ['user:add', 'user:edit', 'user', 'role', 'sys'], halfChecked: [] });
    expect(conductCheck(tree, ['user:edit'])).toEqual({ checked: ['user:edit'], halfChecked: ['user', 'sys'] });
    expect(conductCheck(tree, [])).toEqual({ checked: [], halfChecked: [] });
  });

  it('filters by title keeping ancestors and the subtree of a match', () => {
    expect(filterTree(tree, '编辑')).toEqual([{ ...tree[0], children: [{ ...tree[0].children![0], children: [tree[0].children![0].children![1]] }] }]);
    expect(filterTree(tree, '用户管理')).toEqual([{ ...tree[0], children: [tree[0].children![0]] }]);
    expect(filterTree(tree, '不存在')).toEqual([]);
    expect(filterTree(tree, '  ')).toBe(tree);
  });

  it('checks a page with its folders and, by choice, its buttons; unchecks what is under a node', () => {
    expect(usableCheck(tree, [], ['user'], true).sort()).toEqual(['sys', 'user', 'user:add', 'user:edit']);
    expect(usableCheck(tree, [], ['user'], false).sort()).toEqual(['sys', 'user']);
    expect(usableCheck(tree, ['sys', 'user', 'user:add', 'role'], ['user', 'user:add', 'role'], true).sort()).toEqual([]);
    expect(usableCheck(tree, ['sys', 'user', 'user:add'], ['sys', 'user:add'], true)).toEqual(['sys']);
  });
});
