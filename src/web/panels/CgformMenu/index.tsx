import { Alert, App, Checkbox, Form, Modal, Spin, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../api/request';
import { session } from '../../app/session';
import type { Page } from '../../renderer/api';
import type { PanelProps } from '../../renderer/panels';
import { cgformApi, refusalOf } from '../CgformDesigner/api';
import { rolePermissionApi, type PermissionNode } from '../RolePermission/api';

interface Role { id: string; roleName: string; roleCode: string }
interface MenuOption { value: string; title: string; children?: MenuOption[] }

/** Menus only: a button cannot hold a page. */
const menusOf = (nodes: PermissionNode[]): MenuOption[] => nodes.filter((n) => n.menuType !== 2)
  .map((n) => ({ value: n.key, title: n.title, children: n.children ? menusOf(n.children) : undefined }));

/** The parent offered first: the sidebar itself, where the form's users look (在线开发 is the developers' folder). */
const TOP = '__top__';

/**
 * 添加到菜单: a synced form becomes a menu entry (a top-level entry of the sidebar unless another
 * parent is chosen) with its buttons, granted to the administrator and the chosen roles. The
 * administrator's own menu is reloaded at once; other users see it when their menus load again (at login).
 */
export default function CgformMenu({ row, open, onClose }: PanelProps) {
  const { message } = App.useApp();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [menus, setMenus] = useState<MenuOption[]>([]);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [parentId, setParentId] = useState<string>(TOP);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    let live = true;
    http.get<Page<Role>>('/sys/role/list', { pageNo: 1, pageSize: 100 }).then((res) => live && setRoles(res.success ? res.result.records : [])).catch(() => live && setRoles([]));
    rolePermissionApi.tree().then((res) => live && res.success && setMenus([{ value: TOP, title: '一级菜单（侧边栏顶层）' }, ...menusOf(res.result.treeList)])).catch(() => undefined);
    return () => { live = false; };
  }, []);

  const submit = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const res = await cgformApi.addToMenu({ id: String(row?.id ?? ''), roleIds, ...(parentId === TOP ? { topLevel: true } : parentId ? { parentId } : {}) });
      if (!res.success) { setRefusal(res.message); return; }
      void message.success(res.message);
      void message.info('当前账号的菜单已刷新；所选角色的用户重新登录后即可看到该菜单');
      await session.loadPermissions().catch(() => undefined);
      onClose(false);
    } catch (e) {
      setRefusal(refusalOf(e));
    } finally {
      setBusy(false);
    }
  };

  // The administrator role always receives the menu; it is not offered.
  const options = (roles ?? []).filter((r) => r.roleCode !== 'admin').map((r) => ({ value: r.id, label: `${r.roleName}（${r.roleCode}）` }));

  return (
    <Modal title={`添加到菜单 - ${String(row?.tableTxt ?? '')}`} open={open} width={640} okText="添加" onOk={submit} confirmLoading={busy} onCancel={() => onClose(false)} destroyOnHidden>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      {row?.isDbSynch !== 'Y' && <Alert type="warning" showIcon message="该表单有未同步数据库的设计：菜单打开的是已同步的版本，从未同步的表单不能添加到菜单。" style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label="上级菜单" extra="默认放在侧边栏顶层；也可放到已有的菜单目录下（“在线开发”是开发人员的目录）">
          <TreeSelect showSearch treeDefaultExpandAll treeNodeFilterProp="title" value={parentId} onChange={(v: string | undefined) => setParentId(v ?? TOP)} treeData={menus} aria-label="上级菜单" />
        </Form.Item>
        <Form.Item label="授权角色" extra="管理员角色始终获得该菜单及其按钮">
          {roles ? <Checkbox.Group options={options} value={roleIds} onChange={(v) => setRoleIds(v as string[])} /> : <Spin />}
        </Form.Item>
        {roles && !roleIds.length && <Alert type="info" showIcon message="尚未选择角色：添加后只有管理员能看到该菜单。" />}
      </Form>
    </Modal>
  );
}
