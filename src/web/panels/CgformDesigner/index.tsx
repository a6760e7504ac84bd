import { Alert, App, Button, Col, Form, Input, Modal, Radio, Row, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import type { PanelProps } from '../../renderer/panels';
import { cgformApi, refusalOf } from './api';
import { FieldNameSelect } from './cells';
import type { GridTab } from './columns';
import { FieldGrid } from './FieldGrid';
import { IndexGrid } from './IndexGrid';
import { LinkageGrid } from './LinkageGrid';
import { designBody, headOf, newDesign, newField, toValues, withTreeFields, yes, type DesignValues } from './model';

const GRID_TABS: [GridTab, string][] = [['db', '数据库属性'], ['page', '页面属性'], ['check', '校验字段'], ['dict', '字典'], ['foreign', '外键']];
const TABLE_KINDS = [{ value: 'single', label: '单表' }, { value: 'tree', label: '树表' }, { value: 'main', label: '主表' }, { value: 'sub', label: '附表' }];
const RELATIONS = [{ value: 0, label: '一对多（表格）' }, { value: 1, label: '一对一（表单）' }];
type TableKind = 'single' | 'tree' | 'main' | 'sub';

/**
 * The online-form designer (JeecgBoot's 表单设计): the head, and one grid of field rows seen through
 * several tabs of properties, plus the indexes. Saves through addAll/editAll; the server checks the
 * design and its refusal, which names the field, is shown as it says it. A sub table names its main
 * table on its foreign key's row (外键); a main table lists the sub tables that name it.
 */
export default function CgformDesigner({ row, open, onClose }: PanelProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DesignValues>();
  const headId = row?.id ? String(row.id) : undefined;
  const [loading, setLoading] = useState(!!headId);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [blank] = useState(newDesign);
  // Not inputs of their own (the kind radio sets them): watched with preserve, as stored values.
  const isTree = yes(Form.useWatch(['head', 'isTree'], { form, preserve: true }));
  const tableType = Number(Form.useWatch(['head', 'tableType'], { form, preserve: true }) ?? 1);
  const subTableStr = Form.useWatch(['head', 'subTableStr'], { form, preserve: true }) as string | undefined;
  const kind: TableKind = isTree ? 'tree' : tableType === 2 ? 'main' : tableType === 3 ? 'sub' : 'single';

  useEffect(() => {
    if (!headId || !row) return;
    let live = true;
    Promise.all([cgformApi.fields(headId), cgformApi.indexes(headId)]).then(([fields, indexes]) => {
      if (!live) return;
      if (!fields.success || !indexes.success) { void message.warning(fields.success ? indexes.message : fields.message); return; }
      form.setFieldsValue(toValues(headOf(row), fields.result, indexes.result));
    }).catch(() => undefined).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [headId, row, form, message]);

  const chooseKind = (next: TableKind) => {
    const values = form.getFieldsValue(true) as DesignValues;
    const head = { ...values.head, isTree: next === 'tree' ? 'Y' as const : 'N' as const, tableType: next === 'main' ? 2 : next === 'sub' ? 3 : 1 };
    form.setFieldsValue(next === 'tree' ? withTreeFields({ ...values, head }) : { head });
  };

  // Merged rather than set: only the list and the new row redraw, not every cell of the rows already there.
  const addField = () => form.setFieldsValue({ fields: [...((form.getFieldValue('fields') as DesignValues['fields'] | undefined) ?? []), newField()] });

  const save = async () => {
    if (!(await form.validateFields().then(() => true, () => false))) return;
    const body = designBody(form.getFieldsValue(true) as DesignValues);
    if (headId) body.head.id = headId;
    setSaving(true);
    setRefusal(undefined);
    try {
      const res = headId ? await cgformApi.edit(body) : await cgformApi.add(body);
      if (res.success) {
        void message.success(res.message);
        onClose(true);
      } else {
        setRefusal(res.message);
        void message.warning(res.message);
      }
    } catch (e) {
      setRefusal(refusalOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={headId ? `编辑表单 - ${String(row?.tableTxt ?? '')}` : '新增表单'}
      open={open}
      width={1200}
      style={{ maxWidth: '95vw', top: 24 }}
      okText="保存"
      onOk={save}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      destroyOnHidden
      maskClosable={false}
    >
      <Spin spinning={loading}>
        <Form form={form} initialValues={headId ? undefined : blank}>
          {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} closable onClose={() => setRefusal(undefined)} />}
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name={['head', 'tableName']} label="表名" rules={[{ required: true, message: '请输入表名' }]}>
                <Input placeholder="小写字母、数字和下划线，如 demo_contract" disabled={row?.isDbSynch === 'Y'} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={['head', 'tableTxt']} label="表描述" rules={[{ required: true, message: '请输入表描述' }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="表类型">
                <Radio.Group options={TABLE_KINDS} value={kind} onChange={(e) => chooseKind(e.target.value as TableKind)} />
              </Form.Item>
            </Col>
          </Row>
          {kind === 'sub' && (
            <Row gutter={16}>
              <Col span={8}><Form.Item name={['head', 'relationType']} label="映射关系" initialValue={0}><Radio.Group options={RELATIONS} /></Form.Item></Col>
              <Col span={16}><Alert type="info" showIcon message="在“外键”页为关联主表的字段填写主表名（主表字段为 id）；附表先同步，主表随后同步。" /></Col>
            </Row>
          )}
          {kind === 'main' && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }}
              message={subTableStr ? `附表：${subTableStr}` : '尚无附表：新增附表时，在其“外键”中填写本表的表名。'} />
          )}
          {isTree && (
            <Row gutter={16}>
              <Col span={8}><Form.Item name={['head', 'treeParentIdField']} label="父ID字段" rules={[{ required: true, message: '请选择父ID字段' }]}><FieldNameSelect /></Form.Item></Col>
              <Col span={8}><Form.Item name={['head', 'treeIdField']} label="是否有子节点字段" rules={[{ required: true, message: '请选择是否有子节点字段' }]}><FieldNameSelect /></Form.Item></Col>
              <Col span={8}><Form.Item name={['head', 'treeFieldname']} label="树显示字段" rules={[{ required: true, message: '请选择树显示字段' }]}><FieldNameSelect /></Form.Item></Col>
            </Row>
          )}
          <Tabs
            tabBarExtraContent={<Button type="primary" onClick={addField}>新增字段</Button>}
            items={[
              ...GRID_TABS.filter(([key]) => key !== 'foreign' || kind === 'sub').map(([key, label]) => ({
                key,
                label,
                // Each tab is its own view of the one `fields` list (a list inside a list would nest its names).
                children: <FieldGrid tab={key} />,
              })),
              { key: 'index', label: '索引', children: <IndexGrid /> },
              { key: 'linkage', label: '联动规则', children: <LinkageGrid /> },
            ]}
          />
        </Form>
      </Spin>
    </Modal>
  );
}
