import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useDictOptions } from '../../widgets/dict/useDictOptions';
import { dataRuleApi, type DataRule } from '../PermissionDataRule/api';
import { useServerCall } from '../useServerCall';

/**
 * The data rules of one menu for one role (授权 › 数据规则, JeecgBoot RoleDataruleModal): the menu's
 * rules, ticked where the role's grant selects them; saving binds the role's users to the ticked ones.
 */
export function RoleDataRule({ permissionId, menuName, roleId, onClose }: { permissionId: string; menuName: string; roleId: string; onClose: () => void }) {
  const [rules, setRules] = useState<DataRule[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const { send, busy, problem, setProblem } = useServerCall();
  const conditions = new Map(useDictOptions({ code: 'rule_conditions' }).map((c) => [c.value, c.label]));

  useEffect(() => {
    let live = true;
    dataRuleApi.ofRole(permissionId, roleId).then((res) => {
      if (!live) return;
      if (!res.success) { setProblem(res.message); return; }
      setRules(res.result.datarule);
      setChecked(res.result.drChecked.split(',').filter(Boolean));
    }).catch(() => undefined).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [permissionId, roleId, setProblem]);

  const save = async () => {
    if (await send(() => dataRuleApi.saveForRole({ permissionId, roleId, dataRuleIds: checked.join(',') }))) onClose();
  };

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>取消</Button>
      <Button type="primary" loading={busy} disabled={loading || !rules.length} onClick={() => void save()}>点击确定授权数据</Button>
    </Space>
  );

  return (
    <Drawer open width={520} title={`数据规则 - ${menuName}`} onClose={onClose} footer={footer} destroyOnHidden>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">勾选的规则同时生效（并且）；未勾选的规则对该角色不生效。</Typography.Paragraph>
      <Spin spinning={loading}>
        {rules.length ? (
          <Checkbox.Group value={checked} onChange={(v) => setChecked(v.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {rules.map((r) => (
              <Checkbox key={r.id} value={r.id}>
                {r.ruleName}
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {r.ruleColumn} {conditions.get(r.ruleConditions) ?? r.ruleConditions} {r.ruleValue}{r.status === '1' ? '' : '（无效）'}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        ) : !loading && !problem && <Empty description="该菜单没有数据规则" />}
      </Spin>
    </Drawer>
  );
}
