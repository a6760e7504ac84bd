import { useActionKeys } from '../../api/idempotency';
import { refusalOf } from '../../api/refusal';
import { Alert, App, Button, Col, Form, Input, Modal, Row, Spin, Tabs, type FormRule } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fieldMessages, maxLengthOf } from '../../../schema/messages';
import type { PageSchema } from '../../../schema/types';
import type { PanelProps } from '../../renderer/panels';
import { useUnsavedGuard } from '../../utils/useUnsavedGuard';
import { designerApi } from './api';
import { FieldGrid } from './FieldGrid';
import { mergeFields, mergeParams, saveBody, toField, toParam, type ReportField, type ReportHead, type ReportParam } from './model';
import { ParamGrid } from './ParamGrid';

/** SPEC §9: report modals are 1200 wide. */
const DESIGNER_WIDTH = 1200;
const SQL_FONT = { fontFamily: 'Menlo, Consolas, "Courier New", monospace' };

type HeadValues = Omit<ReportHead, 'id'>;

/** The head field's label and browser rules, from the page schema (the same words the server uses). */
function headField(schema: PageSchema, name: keyof HeadValues): { label: string; rules: FormRule[] } {
  const f = schema.fields.find((x) => x.name === name);
  if (!f) return { label: name, rules: [] };
  const rules: FormRule[] = [];
  if (f.required) rules.push({ required: true, whitespace: true, message: fieldMessages.required(f) });
  const max = maxLengthOf(f);
  if (max !== undefined) rules.push({ max, message: fieldMessages.maxLength(f, max) });
  if (f.pattern) rules.push({ pattern: new RegExp(f.pattern), message: fieldMessages.pattern(f) });
  return { label: f.label, rules };
}


/**
 * The online report designer (新增报表 / 设计): code, name and SQL; 解析SQL reads the statement's
 * columns and `${}` parameters into the two grids, keeping what the admin already set for names that
 * remain; saving goes through the generic main/sub add or edit, whose SQL check answers any refusal.
 */
export default function CgreportDesigner({ schema, row, open, onClose }: PanelProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<HeadValues>();
  const id = row?.id ? String(row.id) : undefined;
  const [fields, setFields] = useState<ReportField[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  const [loading, setLoading] = useState(!!id);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [tab, setTab] = useState('fields');
  // Changed by the user: the head typed into, the SQL parsed into fields, a field's or a parameter's row edited.
  const changed = useRef(false);
  const mark = () => { changed.current = true; };
  const edited = <T,>(set: (rows: T) => void) => (rows: T) => { mark(); set(rows); };
  // 取消, × and Esc ask before a changed report is thrown away, and so does closing the browser tab.
  const cancel = useUnsavedGuard(() => changed.current, () => onClose(false), '报表');

  useEffect(() => {
    if (!id) return;
    let live = true;
    Promise.all([designerApi.queryById(id), designerApi.subList('onl_cgreport_item', id), designerApi.subList('onl_cgreport_param', id)])
      .then(([head, items, stored]) => {
        if (!live) return;
        const refused = [head, items, stored].find((r) => !r.success);
        if (refused) { setProblem(refused.message); return; }
        form.setFieldsValue({ code: String(head.result.code ?? ''), name: String(head.result.name ?? ''), cgrSql: String(head.result.cgrSql ?? '') });
        setFields(items.result.records.map(toField));
        setParams(stored.result.records.map(toParam));
      })
      .catch((e) => live && setProblem(refusalOf(e)))
      .finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [id, form]);

  const parse = async () => {
    const sql = await form.validateFields(['cgrSql']).then((v) => v.cgrSql, () => null);
    if (!sql) return;
    setParsing(true);
    setProblem(undefined);
    try {
      const res = await designerApi.parseSql(sql);
      if (!res.success) { setProblem(res.message); return; }
      mark();
      setFields((current) => mergeFields(current, res.result.fields));
      setParams((current) => mergeParams(current, res.result.params));
      setTab(res.result.fields.length || !res.result.params.length ? 'fields' : 'params');
      void message.success(`解析完成：${res.result.fields.length}个字段，${res.result.params.length}个参数`);
    } catch (e) {
      setProblem(refusalOf(e));
    } finally {
      setParsing(false);
    }
  };

  // One idempotency key per save of the same design (a second click, 确定 again after an error).
  const actionKeys = useActionKeys();
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!fields.length) { setProblem('请先解析SQL，生成报表字段'); return; }
    setSaving(true);
    setProblem(undefined);
    try {
      const body = saveBody({ ...values, id }, fields, params);
      const key = actionKeys.for(body);
      const res = id ? await designerApi.edit(body, { key }) : await designerApi.add(body, { key });
      if (!res.success) { setProblem(res.message); return; }
      actionKeys.done(body);
      void message.success(res.message);
      onClose(true);
    } catch (e) {
      setProblem(refusalOf(e));
    } finally {
      setSaving(false);
    }
  };

  const code = headField(schema, 'code');
  const name = headField(schema, 'name');
  const sql = headField(schema, 'cgrSql');
  return (
    <Modal title={id ? '编辑报表' : '新增报表'} width={DESIGNER_WIDTH} open={open} confirmLoading={saving} okButtonProps={{ disabled: loading }} onOk={save} onCancel={cancel} destroyOnHidden maskClosable={false}>
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" requiredMark onValuesChange={mark}>
          <Row gutter={24}>
            <Col span={12}><Form.Item name="code" label={code.label} rules={code.rules}><Input placeholder={`请输入${code.label}`} /></Form.Item></Col>
            <Col span={12}><Form.Item name="name" label={name.label} rules={name.rules}><Input placeholder={`请输入${name.label}`} /></Form.Item></Col>
          </Row>
          <Form.Item name="cgrSql" label={sql.label} rules={sql.rules} extra="参数写作 ${参数名}，字符串参数请自行加引号，如 '%${name}%'">
            <Input.TextArea rows={5} style={SQL_FONT} spellCheck={false} placeholder="select ... from ..." />
          </Form.Item>
        </Form>
        <Button type="primary" ghost loading={parsing} onClick={parse} style={{ marginBottom: 12 }}>解析SQL</Button>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'fields', label: '字段', children: <FieldGrid rows={fields} onChange={edited(setFields)} /> },
            { key: 'params', label: '参数', children: <ParamGrid rows={params} onChange={edited(setParams)} /> },
          ]}
        />
      </Spin>
    </Modal>
  );
}
