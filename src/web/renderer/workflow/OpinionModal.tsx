import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { WorkflowTransition } from '../../../schema/workflow';
import { useReturnFocus } from '../../utils/useReturnFocus';

/** The server keeps at most this many characters of an opinion. */
export const OPINION_MAX = 500;

export interface OpinionModalProps {
  transition: WorkflowTransition;
  /** Rows the transition fires on (more than one: a batch, one opinion for all). */
  count: number;
  /** Fires the transition; resolves to the server's refusal, or undefined once done. */
  onSubmit: (opinion: string) => Promise<string | undefined>;
  onClose: () => void;
}

/** Asks the opinion (意见) of a transition, required or not as declared; a refusal stays in view. */
export function OpinionModal({ transition: t, count, onSubmit, onClose }: OpinionModalProps) {
  const [form] = Form.useForm<{ opinion?: string }>();
  useReturnFocus();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const required = t.opinion === 'required';
  const label = `${t.label}意见`;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      setRefusal(await onSubmit((values.opinion ?? '').trim()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={count > 1 ? `${t.label}（已选 ${count} 条）` : t.label}
      width={520}
      okText="确定"
      okButtonProps={{ danger: t.danger }}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical">
        <Form.Item name="opinion" label={label} required={required} rules={required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []}>
          <Input.TextArea rows={4} maxLength={OPINION_MAX} showCount placeholder={`请输入${label}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
