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

/**
 * 添加到菜单: a synced form becomes a menu entry (under 在线开发 unless another parent is chosen)
 * with its buttons, granted to the administrator and the chosen roles. The administrator's own
 * menu is reloaded at once; other users see it when their menus load again (at login).
 */
export default function CgformMenu({ row, open, onClose }: PanelProps) {
  const { message } = App.useApp();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [menus, setMenus] = useState<MenuOption[]>([]);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [parentId, setParentId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    let live = true;
    http.get<Page<Role>>('/sys/role/list', { pageNo: 1, pageSize: 100 }).then((res) => live && setRoles(res.success ? res.result.records : [])).catch(() => live && setRoles([]));
    rolePermissionApi.tree().then((res) => live && res.success && setMenus(menusOf(res.result.treeList))).catch(() => undefined);
    return () => { live = false; };
  }, []);

  const submit = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const res = await cgformApi.addToMenu({ id: String(row?.id ?? ''), roleIds, ...(parentId ? { parentId } : {}) });
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
      <Form layout="vertical">
        <Form.Item label="上级菜单" extra="不选择时放在“在线开发”下">
          <TreeSelect allowClear showSearch treeDefaultExpandAll treeNodeFilterProp="title" placeholder="在线开发" value={parentId} onChange={setParentId} treeData={menus} aria-label="上级菜单" />
        </Form.Item>
        <Form.Item label="授权角色" extra="管理员角色始终获得该菜单及其按钮">
          {roles ? <Checkbox.Group options={options} value={roleIds} onChange={(v) => setRoleIds(v as string[])} /> : <Spin />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
