// The floor for typing into a 2,000-field form: the same fields as native labelled inputs (no React
// state, no form library, no validation) in the same Modal, drawn in chunks of 50 with
// `content-visibility: auto` as FormModal draws a long form. What a key costs here is Chromium's own
// work for such a page (editing, the frame's lifecycle, paint, the compositor), which no form code removes.
import { Modal } from 'antd';
import { formSchema } from '../data';

const CHUNK = 50, FIELD_HEIGHT = 56;
const chunks: (typeof formSchema.fields)[] = [];
for (let i = 0; i < formSchema.fields.length; i += CHUNK) chunks.push(formSchema.fields.slice(i, i + CHUNK));

export default function PlainForm() {
  return (
    <Modal open title="新增" width={800} footer={null} maskClosable={false}>
      <form>
        {chunks.map((fields, i) => (
          <div key={i} style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${fields.length * FIELD_HEIGHT}px` }}>
            {fields.map((f) => (
              <div key={f.name} className="ant-row ant-form-item" style={{ marginBottom: 24 }}>
                <label htmlFor={`plain-${f.name}`} style={{ display: 'inline-block', width: '20%', textAlign: 'right', paddingRight: 8 }}>{f.label}</label>
                <input id={`plain-${f.name}`} className="ant-input" data-field={f.name} style={{ width: '70%' }} />
              </div>
            ))}
          </div>
        ))}
      </form>
    </Modal>
  );
}
