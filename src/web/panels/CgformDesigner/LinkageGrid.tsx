import { Button, Form, Input, Select, Table, Typography } from 'antd';
import type { DesignLinkageRule } from '../../../schema/cgform-linkage';
import type { DictRef } from '../../../schema/types';
import { useDictOptions } from '../../widgets/dict/useDictOptions';
import { dictOfRow, effectChoices, fieldRow, newLinkageRow, opChoices, ruleSentence, targetChoices, triggerChoices, valueArity } from './linkage-rows';
import type { DesignValues } from './model';
import { useRuleFields } from './useRuleFields';

const LIST = ['head', 'linkage'];
const full = { width: '100%' };
interface Control<T> { value?: T; onChange?: (v: T) => void; 'aria-label'?: string }

/** The value(s) a condition compares with: the trigger's dictionary choices when it has one, else typed text. */
function ConditionValue({ dict, arity, value, onChange, ...rest }: Control<string | string[]> & { dict?: DictRef; arity: 'one' | 'many' }) {
  const options = useDictOptions(dict);
  if (arity === 'many') {
    return <Select {...rest} mode="tags" style={full} value={Array.isArray(value) ? value : value ? [value] : []} onChange={onChange} options={options} placeholder="选择或输入后回车" />;
  }
  const one = Array.isArray(value) ? value[0] : value;
  if (dict) return <Select {...rest} allowClear style={full} value={one} onChange={onChange} options={options} placeholder="请选择" />;
  return <Input {...rest} value={one ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder="值" />;
}

/** The dictionary values an options rule leaves selectable. */
function OptionValues({ dict, ...rest }: Control<string[]> & { dict?: DictRef }) {
  const options = useDictOptions(dict);
  return <Select {...rest} mode="tags" style={full} options={options} placeholder="可选的字典值" />;
}

/**
 * 联动规则: when a field matches a condition, show, hide, require or disable another field, or
 * narrow its dictionary. Every cell is a choice fed by the field rows (the value is the trigger's
 * dictionary value, or typed when it has none); the rules travel with the head (`head.linkage`)
 * and the server checks them on save, its refusal naming the rule.
 */
export function LinkageGrid() {
  const form = Form.useFormInstance<DesignValues>();
  const fields = useRuleFields();
  const rules = (Form.useWatch(LIST, { form, preserve: true }) as DesignLinkageRule[] | undefined) ?? [];
  const triggers = triggerChoices(fields);
  return (
    <Form.List name={LIST}>
      {(rows, { add, remove }) => (
        <>
          <Button style={{ marginBottom: 8 }} onClick={() => add(newLinkageRow())}>新增规则</Button>
          <Table
            size="small"
            bordered
            rowKey="key"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: '暂无联动规则' }}
            columns={[
              {
                title: '条件字段', key: 'when', width: 170,
                render: (_, r) => <Form.Item name={[r.name, 'when', 'field']} noStyle><Select aria-label="条件字段" showSearch optionFilterProp="label" style={full} options={triggers} /></Form.Item>,
              },
              {
                title: '条件', key: 'op', width: 110,
                render: (_, r) => (
                  <Form.Item name={[r.name, 'when', 'op']} noStyle>
                    <Select aria-label="条件" style={full} options={opChoices(fieldRow(fields, rules[r.name]?.when?.field))}
                      onChange={(op: string) => { if (valueArity(op) !== valueArity(rules[r.name]?.when?.op)) form.setFieldValue(['head', 'linkage', r.name, 'when', 'value'], undefined); }} />
                  </Form.Item>
                ),
              },
              {
                title: '值', key: 'value', width: 180,
                render: (_, r) => {
                  const arity = valueArity(rules[r.name]?.when?.op);
                  if (arity === 'none') return <Typography.Text type="secondary">—</Typography.Text>;
                  return <Form.Item name={[r.name, 'when', 'value']} noStyle><ConditionValue aria-label="值" arity={arity} dict={dictOfRow(fieldRow(fields, rules[r.name]?.when?.field))} /></Form.Item>;
                },
              },
              {
                title: '目标字段', key: 'then', width: 170,
                render: (_, r) => <Form.Item name={[r.name, 'then', 'field']} noStyle><Select aria-label="目标字段" showSearch optionFilterProp="label" style={full} options={targetChoices(fields, rules[r.name]?.when?.field)} /></Form.Item>,
              },
              {
                title: '效果', key: 'effect', width: 120,
                render: (_, r) => <Form.Item name={[r.name, 'then', 'effect']} noStyle><Select aria-label="效果" style={full} options={effectChoices(fieldRow(fields, rules[r.name]?.then?.field))} /></Form.Item>,
              },
              {
                title: '可选项', key: 'options', width: 200,
                render: (_, r) => (rules[r.name]?.then?.effect === 'options'
                  ? <Form.Item name={[r.name, 'then', 'options']} noStyle><OptionValues aria-label="可选项" dict={dictOfRow(fieldRow(fields, rules[r.name]?.then?.field))} /></Form.Item>
                  : <Typography.Text type="secondary">—</Typography.Text>),
              },
              { title: '说明', key: 'sentence', render: (_, r) => <Typography.Text type="secondary">{ruleSentence(rules[r.name], fields)}</Typography.Text> },
              { title: '操作', key: 'op-remove', width: 70, render: (_, r) => <a onClick={() => remove(r.name)}>删除</a> },
            ]}
          />
        </>
      )}
    </Form.List>
  );
}
