import { App, Button, Divider, Drawer, Empty, Input, Space, Spin, Switch, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import type { PanelProps } from '../../renderer/panels';
import { rolePermissionApi, type PermissionNode } from './api';
import { RoleDataRule } from './RoleDataRule';
import { allKeys, conductCheck, filterTree, leafKeysOf, parentKeys, usableCheck } from './tree';

const unique = (keys: string[]) => [...new Set(keys)];

/** The menus that have data rules (rule_flag), by key. */
const ruledKeys = (nodes: PermissionNode[]): string[] => nodes.flatMap((n) => [...(n.ruleFlag === 1 ? [n.key] : []), ...ruledKeys(n.children ?? [])]);

const treeData = (nodes: PermissionNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, children: n.children ? treeData(n.children) : undefined }));

/**
 * A role's grants (授权): the whole menu and button tree, checked where the role holds the node.
 * Unlinked (default, as JeecgBoot) a node is checked with its parent folders (and, by choice, its
 * buttons) and unchecked with what is under it, so the tree shows a grant that can be used; with
 * 父子关联 the tree keeps only leaves and derives the parents, saved as checked or half-checked.
 */
export default function RolePermission({ row, open, onClose }: PanelProps) {
  const { message } = App.useApp();
  const roleId = String(row?.id ?? '');
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [loading, setLoading] = useState(true);
  /** What the server holds: the next save's `lastpermissionIds`. */
  const [saved, setSaved] = useState<string[]>([]);
  /** Unlinked: every checked node. Linked: the checked leaves only. */
  const [checked, setChecked] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  /** Unlinked: a newly checked page brings its buttons too (its parent folders always come). */
  const [withButtons, setWithButtons] = useState(true);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  /** The menu whose data rules are open for this role. */
  const [ruleMenu, setRuleMenu] = useState<{ key: string; title: string } | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([rolePermissionApi.tree(), rolePermissionApi.granted(roleId)]).then(([treeRes, grantedRes]) => {
      if (!live) return;
      if (!treeRes.success) { void message.warning(treeRes.message); return; }
      if (!grantedRes.success) { void message.warning(grantedRes.message); return; }
      setTree(treeRes.result.treeList);
      setExpanded(parentKeys(treeRes.result.treeList));
      setSaved(grantedRes.result);
      setChecked(grantedRes.result);
    }).catch(() => undefined).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [roleId, message]);

  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const shownKeys = useMemo(() => new Set(allKeys(shown)), [shown]);
  const nodes = useMemo(() => treeData(shown), [shown]);
  const ruled = useMemo(() => new Set(ruledKeys(tree)), [tree]);
  // A menu with data rules offers them beside its title (JeecgBoot opens them from the tree).
  const titleOf = (n: TreeDataNode) => {
    const title = String(n.title);
    if (!ruled.has(String(n.key))) return title;
    const openRules = (e: MouseEvent) => { e.stopPropagation(); setRuleMenu({ key: String(n.key), title }); };
    return <span>{title}<a style={{ marginLeft: 8 }} onClick={openRules}>数据规则</a></span>;
  };

  /** What saving sends: linked, the checked nodes with their half-checked parents. */
  const granted = () => {
    if (!linked) return unique(checked);
    const conducted = conductCheck(tree, checked);
    return [...conducted.checked, ...conducted.halfChecked];
  };

  const onCheck: TreeProps['onCheck'] = (value) => {
    const keys = (Array.isArray(value) ? value : value.checked).map(String).filter((k) => shownKeys.has(k));
    // Nodes hidden by the search keep their state.
    setChecked((prev) => {
      if (linked) return unique([...prev.filter((k) => !shownKeys.has(k)), ...leafKeysOf(shown, keys)]);
      const next = unique([...prev.filter((k) => !shownKeys.has(k)), ...keys]);
      return usableCheck(tree, prev, next, withButtons);
    });
  };

  const toggleLinked = (on: boolean) => {
    setChecked(on ? leafKeysOf(tree, checked) : granted());
    setLinked(on);
  };

  const search = (value: string) => {
    setKeyword(value);
    setExpanded(parentKeys(value.trim() ? filterTree(tree, value) : tree));
  };

  const save = async (close: boolean) => {
    const permissionIds = granted();
    setSaving(true);
    try {
      const res = await rolePermissionApi.save({ roleId, permissionIds: permissionIds.join(','), lastpermissionIds: saved.join(',') });
      if (!res.success) { void message.warning(res.message); return; }
      void message.success(res.message);
      setSaved(permissionIds);
      if (close) onClose(false);
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={() => onClose(false)}>取消</Button>
      <Button loading={saving} disabled={loading} onClick={() => void save(false)}>仅保存</Button>
      <Button type="primary" loading={saving} disabled={loading} onClick={() => void save(true)}>保存并关闭</Button>
    </Space>
  );

  return (
    <Drawer open={open} width={650} title="角色权限配置" onClose={() => onClose(false)} footer={footer} destroyOnHidden>
      <Space wrap split={<Divider type="vertical" />} style={{ marginBottom: 12 }}>
        <a onClick={() => setChecked(linked ? leafKeysOf(tree, allKeys(tree)) : allKeys(tree))}>全部勾选</a>
        <a onClick={() => setChecked([])}>取消全选</a>
        <a onClick={() => setExpanded(parentKeys(shown))}>展开所有</a>
        <a onClick={() => setExpanded([])}>合并所有</a>
        <span>父子关联 <Switch size="small" checked={linked} onChange={toggleLinked} aria-label="父子关联" /></span>
        {!linked && <span>连同按钮 <Switch size="small" checked={withButtons} onChange={setWithButtons} aria-label="连同按钮" /></span>}
      </Space>
      {!linked && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          勾选页面时，其上级菜单{withButtons ? '和页面按钮' : ''}一并勾选；取消勾选时，其下级一并取消。勾选的即是保存后授予的。
        </Typography.Paragraph>
      )}
      <Input.Search allowClear placeholder="按名称搜索" onSearch={search} style={{ marginBottom: 12 }} />
      <Spin spinning={loading}>
        {shown.length > 0 || loading ? (
          <Tree
            checkable
            selectable={false}
            checkStrictly={!linked}
            treeData={nodes}
            checkedKeys={linked ? checked : { checked, halfChecked: [] }}
            onCheck={onCheck}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            titleRender={titleOf}
          />
        ) : <Empty description={keyword ? '没有匹配的菜单' : '暂无数据'} />}
      </Spin>
      {ruleMenu && <RoleDataRule permissionId={ruleMenu.key} menuName={ruleMenu.title} roleId={roleId} onClose={() => setRuleMenu(null)} />}
    </Drawer>
  );
}
