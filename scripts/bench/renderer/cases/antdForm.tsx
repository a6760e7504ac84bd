// Hand-written baseline: an antd Form with 2,000 Form.Items in the same Modal as FormModal, the
// same components per field kind (Input, InputNumber, DatePicker, Select), labels and rules.
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { fieldMessages, maxLengthOf } from '../../../../src/schema/messages';
import { DICTS, formSchema } from '../data';
import { probed } from '../probe';

const PInput = probed(Input);
const PNumber = probed(InputNumber);
const PDate = probed(DatePicker);
const PSelect = probed(Select);

const options = Object.fromEntries(Object.entries(DICTS).map(([code, items]) => [code, items.map((i) => ({ label: i.text, value: i.value }))]));

const items = formSchema.fields.map((f) => {
  const rules: Rule[] = [];
  if (f.required) rules.push({ required: true, message: fieldMessages.required(f) });
  const max = maxLengthOf(f);
  if (max !== undefined) rules.push({ max, message: fieldMessages.maxLength(f, max) });
  let input;
  if (f.dict) input = <PSelect allowClear placeholder="请选择" options={options[f.dict.code!]} />;
  else if (f.type === 'int') input = <PNumber style={{ width: '100%' }} precision={0} />;
  else if (f.type === 'decimal') input = <PNumber style={{ width: '100%' }} precision={f.scale} />;
  else if (f.type === 'date') input = <PDate style={{ width: '100%' }} format="YYYY-MM-DD" />;
  else input = <PInput />;
  return <Form.Item key={f.name} name={f.name} label={f.label} rules={rules}>{input}</Form.Item>;
});

export default function AntdForm() {
  const [form] = Form.useForm();
  const footer = [<Button key="cancel">取消</Button>, <Button key="ok" type="primary" onClick={() => form.submit()}>确定</Button>];
  return (
    <Modal open title="新增" width={800} footer={footer} destroyOnHidden maskClosable={false}>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
        {items}
      </Form>
    </Modal>
  );
}
