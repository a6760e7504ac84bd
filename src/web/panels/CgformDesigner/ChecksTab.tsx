import { Button, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { designColumnType, type DesignField } from '../../../schema/cgform';
import { orderKind, type DesignCrossCheck } from '../../../schema/cgform-checks';
import type { DesignValues } from './model';
import { useRuleFields } from './useRuleFields';

const full = { width: '100%' };
/** How a field row's values order (numbers, dates, times) by the column type the save gives it, as the save checks; null when they do not. */
export function rowKind(f: Pick<DesignField, 'dbType'>): ReturnType<typeof orderKind> {
  const type = designColumnType(f.dbType);
  return type ? orderKind({ type }) : null;
}

const shown = (f: DesignField) => f.isShowForm !== 0 && f.isShowForm !== '0' && f.dbFieldName !== 'id';
const choice = (f: DesignField) => ({ value: f.dbFieldName, label: f.dbFieldTxt ? `${f.dbFieldTxt}（${f.dbFieldName}）` : f.dbFieldName });

/** The words of a relation, as the refusal says it (cross-checks.ts). */
const OPS = {
  number: [['gt', '须大于'], ['ge', '不能小于'], ['lt', '须小于'], ['le', '不能大于']],
  time: [['gt', '须晚于'], ['ge', '不能早于'], ['lt', '须早于'], ['le', '不能晚于']],
} as const;
const opChoices = (kind: ReturnType<typeof rowKind>) => OPS[kind === 'number' ? 'number' : 'time'].map(([value, label]) => ({ value, label }));

/** What the form will say when a check fails, as it is set up now. */
function checkSentence(c: DesignCrossCheck | undefined, fields: DesignField[]): string {
  const a = fields.find((f) => f.dbFieldName === c?.field), b = fields.find((f) => f.dbFieldName === c?.than);
  if (!a || !b || !c?.op) return '';
  if (c.message?.trim()) return c.message.trim();
  const word = opChoices(rowKind(a)).find((o) => o.value === c.op)?.label;
  return word ? `「${a.dbFieldTxt || a.dbFieldName}」${word}「${b.dbFieldTxt || b.dbFieldName}」` : '';
}

/**
 * 字段间校验: one field ordered against another (an end not before its start, a maximum not below its
 * minimum), and numbers that must add up to a total (weights to 100%). The rules travel with the head
 * (`head.crossChecks`, `head.sumChecks`); the server checks them on save and on every add, edit and
 * import, and the form says each one under its field as it is typed.
 */
export function ChecksTab() {
  const form = Form.useFormInstance<DesignValues>();
  const fields = useRuleFields().filter(shown);
  const ordered = fields.filter((f) => rowKind(f));
  const numbers = fields.filter((f) => rowKind(f) === 'number');
  const cross = (Form.useWatch(['head', 'crossChecks'], { form, preserve: true }) as DesignCrossCheck[] | undefined) ?? [];
  const kindOf = (name?: string) => rowKind(fields.find((f) => f.dbFieldName === name) ?? {});
  return (
    <>
      <Typography.Title level={5}>比较校验</Typography.Title>
      <Form.List name={['head', 'crossChecks']}>
        {(rows, { add, remove }) => (
          <>
            <Button style={{ marginBottom: 8 }} onClick={() => add({ op: 'ge' })}>新增比较校验</Button>
            <Table size="small" bordered rowKey="key" pagination={false} dataSource={rows} locale={{ emptyText: '暂无比较校验' }}
              columns={[
                {
                  title: '字段', key: 'field', width: 200,
                  render: (_, r) => <Form.Item name={[r.name, 'field']} noStyle><Select aria-label="字段" showSearch optionFilterProp="label" style={full} options={ordered.map(choice)} /></Form.Item>,
                },
                {
                  title: '关系', key: 'op', width: 120,
                  render: (_, r) => <Form.Item name={[r.name, 'op']} noStyle><Select aria-label="关系" style={full} options={opChoices(kindOf(cross[r.name]?.field))} /></Form.Item>,
                },
                {
                  title: '比较字段', key: 'than', width: 200,
                  render: (_, r) => {
                    const kind = kindOf(cross[r.name]?.field);
                    const others = ordered.filter((f) => f.dbFieldName !== cross[r.name]?.field && (!kind || rowKind(f) === kind));
                    return <Form.Item name={[r.name, 'than']} noStyle><Select aria-label="比较字段" showSearch optionFilterProp="label" style={full} options={others.map(choice)} /></Form.Item>;
                  },
                },
                {
                  title: '提示（可选）', key: 'message',
                  render: (_, r) => <Form.Item name={[r.name, 'message']} noStyle><Input aria-label="提示" placeholder={checkSentence({ ...cross[r.name], message: '' }, fields) || '默认说明两个字段的关系'} /></Form.Item>,
                },
                { title: '操作', key: 'remove', width: 70, render: (_, r) => <a onClick={() => remove(r.name)}>删除</a> },
              ]} />
          </>
        )}
      </Form.List>
      <Typography.Title level={5} style={{ marginTop: 16 }}>合计校验</Typography.Title>
      <Form.List name={['head', 'sumChecks']}>
        {(rows, { add, remove }) => (
          <>
            <Button style={{ marginBottom: 8 }} onClick={() => add({ fields: [] })}>新增合计校验</Button>
            <Table size="small" bordered rowKey="key" pagination={false} dataSource={rows} locale={{ emptyText: '暂无合计校验' }}
              columns={[
                {
                  title: '合计的字段', key: 'fields',
                  render: (_, r) => <Form.Item name={[r.name, 'fields']} noStyle><Select aria-label="合计的字段" mode="multiple" style={full} options={numbers.map(choice)} placeholder="至少两个数字字段" /></Form.Item>,
                },
                { title: '合计应等于', key: 'equals', width: 130, render: (_, r) => <Form.Item name={[r.name, 'equals']} noStyle><InputNumber aria-label="合计应等于" style={full} /></Form.Item> },
                { title: '名称', key: 'label', width: 160, render: (_, r) => <Form.Item name={[r.name, 'label']} noStyle><Input aria-label="名称" placeholder="如：各项权重" /></Form.Item> },
                { title: '单位', key: 'unit', width: 90, render: (_, r) => <Form.Item name={[r.name, 'unit']} noStyle><Input aria-label="单位" placeholder="如：%" /></Form.Item> },
                { title: '操作', key: 'remove', width: 70, render: (_, r) => <a onClick={() => remove(r.name)}>删除</a> },
              ]} />
          </>
        )}
      </Form.List>
    </>
  );
}
