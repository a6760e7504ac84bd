import { Alert, App, Button, List, Modal, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { DdlStep } from '../../../schema/ddl';
import type { PanelProps } from '../../renderer/panels';
import { cgformApi, refusalOf, type SyncPlan } from '../CgformDesigner/api';

/** One step of the plan as the administrator reads it. */
export function stepText(step: DdlStep): { tag: string; text: string; danger?: boolean } {
  switch (step.kind) {
    case 'createTable': return { tag: '新建表', text: `${step.table}（${step.columns.map((c) => c.column).join('、')}）` };
    case 'addColumn': return { tag: '新增字段', text: `${step.column.column} ${step.column.type}${step.column.length ? `(${step.column.length})` : ''}` };
    case 'createIndex': return { tag: '新建索引', text: `${step.unique ? '唯一索引 ' : ''}${step.name}（${step.columns.join('、')}）` };
    case 'dropColumn': return { tag: '删除字段（数据将丢失）', text: step.column, danger: true };
  }
}

/**
 * 同步数据库: what syncing would do to the table, then a normal sync (adds, never drops) or, when
 * the design dropped columns, a forced one that deletes them after two confirmations.
 */
export default function CgformSync({ row, open, onClose }: PanelProps) {
  const { message, modal } = App.useApp();
  const headId = String(row?.id ?? '');
  const [plan, setPlan] = useState<SyncPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const [changed, setChanged] = useState(false);

  const load = useCallback(() => {
    cgformApi.syncPlan(headId).then((res) => {
      if (res.success) setPlan(res.result);
      else void message.warning(res.message);
    }).catch(() => undefined);
  }, [headId, message]);
  useEffect(load, [load]);

  const sync = async (method: 'normal' | 'force') => {
    setBusy(true);
    try {
      const res = await cgformApi.sync(headId, method);
      setSaid({ ok: res.success, text: res.message });
      if (res.success) { setChanged(true); void message.success(res.message); load(); } else void message.warning(res.message);
    } catch (e) {
      const text = refusalOf(e);
      if (text) setSaid({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  const drops = (plan?.steps ?? []).flatMap((s) => (s.kind === 'dropColumn' ? [s.column] : []));
  const force = () => modal.confirm({
    title: '强制同步',
    content: `强制同步将从表 ${String(row?.tableName ?? '')} 中删除字段：${drops.join('、')}。这些字段中的数据将永久丢失，无法恢复。`,
    okText: '继续',
    okType: 'danger',
    onOk: () => {
      modal.confirm({
        title: '再次确认删除字段',
        content: `确定删除字段 ${drops.join('、')} 及其全部数据吗？`,
        okText: '确定删除',
        okType: 'danger',
        onOk: () => sync('force'),
      });
    },
  });

  const footer = (
    <Space>
      <Button onClick={() => onClose(changed)}>关闭</Button>
      {plan?.destructive && <Button danger loading={busy} onClick={force}>强制同步</Button>}
      <Button type="primary" loading={busy} disabled={!plan} onClick={() => void sync('normal')}>同步</Button>
    </Space>
  );

  return (
    <Modal title={`同步数据库 - ${String(row?.tableTxt ?? '')}`} open={open} width={720} footer={footer} onCancel={() => onClose(changed)} destroyOnHidden>
      {said && <Alert type={said.ok ? 'success' : 'error'} showIcon message={said.text} style={{ marginBottom: 12 }} />}
      {!plan ? <Spin /> : plan.steps.length === 0 ? (
        <Alert type="info" showIcon message="数据库表已是最新，无需变更" description="仍可点击“同步”发布当前设计。" />
      ) : (
        <>
          {plan.destructive && <Alert type="warning" showIcon message={`设计中已去掉字段 ${drops.join('、')}：普通同步保留它们，强制同步会删除它们及其中的数据。`} style={{ marginBottom: 12 }} />}
          <List
            size="small"
            bordered
            dataSource={plan.steps}
            renderItem={(step) => {
              const { tag, text, danger } = stepText(step);
              return <List.Item style={{ justifyContent: 'flex-start' }}><Tag color={danger ? 'red' : 'blue'}>{tag}</Tag><span>{text}</span></List.Item>;
            }}
          />
        </>
      )}
    </Modal>
  );
}
