import { Alert, App, Button, Col, Drawer, Form, Input, Radio, Row, Space, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { problemText, processProblems, type ProcessDesign } from '../../../schema/cgform-process';
import type { PanelProps } from '../../renderer/panels';
import { useUnsavedGuard } from '../../utils/useUnsavedGuard';
import { cgformApi, refusalOf } from './api';
import { FieldNameSelect } from './cells';
import type { GridTab } from './columns';
import { FieldGrid } from './FieldGrid';
import { IndexGrid } from './IndexGrid';
import { ChecksTab } from './ChecksTab';
import { LinkageGrid } from './LinkageGrid';
import { designBody, headOf, newDesign, newField, newSubDesign, toValues, withForeignKey, withTreeFields, yes, type DesignValues } from './model';
import { MainTableSelect } from './pickers';
import { ProcessTab } from './ProcessTab';
import { RowRulesTab } from './RowRulesTab';
import { columnsOf, importedProcess, processForSave, type RoleOption } from './process-model';

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
  return <Designer row={row} open={open} onClose={onClose} />;
}

interface DesignerProps {
  row: Record<string, unknown> | null;
  open: boolean;
  onClose: (changed?: boolean) => void;
  /** A new sub table of this main table (新增附表 in the main's designer): its kind and foreign key are set. */
  mainOf?: { tableName: string; tableTxt: string };
  onSaved?: (tableName: string) => void;
}

/** The designer fills the window (a drawer over the list), so the grid shows as many rows as fit. */
function Designer({ row, open, onClose, mainOf, onSaved }: DesignerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DesignValues>();
  const headId = row?.id ? String(row.id) : undefined;
  const [loading, setLoading] = useState(!!headId);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [blank] = useState(() => (mainOf ? newSubDesign(mainOf) : newDesign()));
  // Sub tables added from this (main) designer: the list reloads even if the main is then not saved.
  const [addedSubs, setAddedSubs] = useState<string[]>([]);
  const [subOpen, setSubOpen] = useState(false);
  // Not inputs of their own (the kind radio sets them): watched with preserve, as stored values.
  const isTree = yes(Form.useWatch(['head', 'isTree'], { form, preserve: true }));
  const tableType = Number(Form.useWatch(['head', 'tableType'], { form, preserve: true }) ?? 1);
  const subTableStr = Form.useWatch(['head', 'subTableStr'], { form, preserve: true }) as string | undefined;
  const mainTable = Form.useWatch((v: DesignValues) => v?.fields?.find((f) => f?.mainTable)?.mainTable, { form, preserve: true });
  const subs = [...new Set([...(subTableStr ? subTableStr.split(',') : []), ...addedSubs])];
  const kind: TableKind = isTree ? 'tree' : tableType === 2 ? 'main' : tableType === 3 ? 'sub' : 'single';
  const [process, setProcess] = useState<ProcessDesign | null>(null);
  const [roles, setRoles] = useState<RoleOption[] | null>(null);
  const importer = useRef<HTMLInputElement>(null);
  const problemsNow = () => (process ? processProblems(process, {
    fields: columnsOf((form.getFieldValue('fields') as DesignValues['fields'] | undefined) ?? []), roles: roles ? new Set(roles.map((r) => r.roleCode)) : undefined,
  }) : []);

  // (answers read defensively: a designer opened where these are not served still designs fields)
  useEffect(() => {
    if (!headId) return undefined;
    let live = true;
    Promise.resolve().then(() => cgformApi.process(headId))
      .then((res) => live && res?.success && Array.isArray(res.result?.states) && setProcess(res.result), () => undefined);
    return () => { live = false; };
  }, [headId]);
  // The roles are read once there is a process to name them in: a form without one redraws for nothing.
  const hasProcess = !!process;
  useEffect(() => {
    if (!hasProcess || roles) return undefined;
    let live = true;
    Promise.resolve().then(() => cgformApi.roles())
      .then((res) => live && setRoles(res?.success && Array.isArray(res.result?.records) ? res.result.records : []), () => live && setRoles([]));
    return () => { live = false; };
  }, [hasProcess, roles]);

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

  // Changed by the user: typed into (onValuesChange) or changed by a button or a picker (marked where they write).
  const changed = useRef(false);
  const mark = () => { changed.current = true; };

  const chooseKind = (next: TableKind) => {
    mark();
    const values = form.getFieldsValue(true) as DesignValues;
    const head = { ...values.head, isTree: next === 'tree' ? 'Y' as const : 'N' as const, tableType: next === 'main' ? 2 : next === 'sub' ? 3 : 1 };
    form.setFieldsValue(next === 'tree' ? withTreeFields({ ...values, head }) : { head });
  };

  // Merged rather than set: only the list and the new row redraw, not every cell of the rows already there.
  const addField = () => {
    mark();
    form.setFieldsValue({ fields: [...((form.getFieldValue('fields') as DesignValues['fields'] | undefined) ?? []), newField()] });
  };

  /** The head's 主表 choice writes the foreign key row (added when there is none). */
  const chooseMain = (table: string) => {
    mark();
    form.setFieldsValue(withForeignKey(form.getFieldsValue(true) as DesignValues, table));
  };

  const addSub = async () => {
    const name = (form.getFieldValue(['head', 'tableName']) as string | undefined)?.trim();
    if (!name) { void message.warning('请先填写本表的表名，再新增附表'); return; }
    setSubOpen(true);
  };

  // 取消 and × ask before a changed design is thrown away, and so does closing the browser tab.
  const close = useUnsavedGuard(() => changed.current || form.isFieldsTouched(), () => onClose(addedSubs.length > 0), '设计');

  // A refusal said of the process before this change no longer stands: the tabs list what is still wrong.
  const changeProcess = (p: ProcessDesign | null) => { mark(); setProcess(p); setRefusal(undefined); };

  const exportProcess = () => {
    if (!process) return;
    const name = String(form.getFieldValue(['head', 'tableName']) || 'form');
    const url = URL.createObjectURL(new Blob([JSON.stringify({ process: processForSave(process) }, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}-process.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const importProcess = async (file: File | undefined) => {
    if (!file) return;
    try {
      changeProcess(importedProcess(await file.text()));
      void message.success('已导入流程设计，保存后生效');
    } catch (e) {
      void message.error(`导入失败：${(e as Error).message}`);
    }
  };

  const save = async () => {
    if (!(await form.validateFields().then(() => true, () => false))) return;
    const problems = problemsNow();
    // (the message names its tab; the tabs stay uncontrolled, so a tab change redraws only the tabs)
    if (problems.length) {
      setRefusal(problemText(problems[0]));
      return;
    }
    const body = designBody(form.getFieldsValue(true) as DesignValues);
    body.process = process ? processForSave(process) : null;
    if (headId) body.head.id = headId;
    setSaving(true);
    setRefusal(undefined);
    try {
      const res = headId ? await cgformApi.edit(body) : await cgformApi.add(body);
      if (res.success) {
        void message.success(res.message);
        onSaved?.(body.head.tableName);
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

  const title = headId ? `编辑表单 - ${String(row?.tableTxt ?? '')}` : mainOf ? `新增附表 - ${mainOf.tableTxt}` : '新增表单';
  return (
    <Drawer
      title={title}
      open={open}
      width={mainOf ? 'calc(100vw - 64px)' : '100vw'}
      onClose={close}
      destroyOnHidden
      maskClosable={false}
      styles={{ body: { paddingTop: 12 } }}
      className="cgform-designer"
      extra={<Space><Button onClick={close}>取消</Button><Button type="primary" loading={saving} onClick={() => void save()}>保存</Button></Space>}
    >
      <Spin spinning={loading}>
        <Form form={form} name={mainOf ? 'subDesign' : 'design'} initialValues={headId ? undefined : blank} onValuesChange={mark}>
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
              <Col span={8}>
                <Form.Item label="关联主表" required extra="外键字段随之设置（外键页可改）">
                  <MainTableSelect aria-label="关联主表" value={mainTable} onChange={chooseMain} disabled={!!mainOf} />
                </Form.Item>
              </Col>
              <Col span={8}><Form.Item name={['head', 'relationType']} label="映射关系" initialValue={0}><Radio.Group options={RELATIONS} /></Form.Item></Col>
              <Col span={8}><Alert type="info" showIcon message="附表随主表编辑，不单独加入菜单；同步主表时一并同步。" /></Col>
            </Row>
          )}
          {kind === 'main' && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }}
              message={subs.length ? `附表：${subs.join(',')}` : '尚无附表：点“新增附表”为本表添加明细表（主表至少需要一个附表）。'}
              action={<Button size="small" onClick={() => void addSub()}>新增附表</Button>} />
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
              { key: 'checks', label: '字段间校验', children: <ChecksTab /> },
              ...(kind === 'sub' ? [] : [{
                key: 'process',
                label: '流程',
                children: (
                  <>
                    <Space style={{ marginBottom: 8 }}>
                      <Button disabled={!process} onClick={exportProcess}>导出流程</Button>
                      <Button onClick={() => importer.current?.click()}>导入流程</Button>
                      <input ref={importer} type="file" accept=".json,application/json" aria-label="导入流程文件" style={{ display: 'none' }}
                        onChange={(e) => { void importProcess(e.target.files?.[0]); e.target.value = ''; }} />
                    </Space>
                    <ProcessTab value={process} onChange={changeProcess} roles={roles} title={String(form.getFieldValue(['head', 'tableTxt']) ?? '')} />
                  </>
                ),
              }, {
                key: 'rowRules',
                label: '数据权限',
                children: <RowRulesTab value={process} onChange={changeProcess} roles={roles} />,
              }]),
            ]}
          />
        </Form>
      </Spin>
      {subOpen && (
        <Designer row={null} open mainOf={{ tableName: String(form.getFieldValue(['head', 'tableName'])).trim(), tableTxt: String(form.getFieldValue(['head', 'tableTxt']) ?? '') }}
          onSaved={(table) => setAddedSubs((had) => [...had, table])} onClose={() => setSubOpen(false)} />
      )}
    </Drawer>
  );
}
