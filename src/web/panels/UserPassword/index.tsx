import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { http } from '../../api/request';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '../../components/PasswordModal/rules';
import type { PanelProps } from '../../renderer/panels';

interface ResetFields {
  password: string;
  confirmpassword: string;
}

const layout = { labelCol: { xs: { span: 24 }, sm: { span: 5 } }, wrapperCol: { xs: { span: 24 }, sm: { span: 16 } } };

/** An administrator sets a user's password (the user list's 修改密码): SPEC §5 rules, the server's message. */
export default function UserPassword({ row, open, onClose }: PanelProps) {
  const { message } = App.useApp();
  const username = String(row?.username ?? '');
  const [form] = Form.useForm<ResetFields>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSubmitting(true);
    try {
      const res = await http.put<string>('/sys/user/changePassword', { username, ...values });
      if (!res.success) { void message.warning(res.message); return; }
      void message.success(res.message);
      onClose(false);
    } catch {
      // the request layer has shown why
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal title="修改密码" width={800} open={open} confirmLoading={submitting} onOk={submit} onCancel={() => onClose(false)} destroyOnHidden>
      <Form form={form} {...layout}>
        <Form.Item label="用户账号">
          <Input value={username} readOnly aria-label="用户账号" />
        </Form.Item>
        <Form.Item
          name="password"
          label="登录密码"
          rules={[
            { required: true, message: '请输入新密码!' },
            { validator: (_, v?: string) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE))) },
          ]}
        >
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码!' },
            ({ getFieldValue }) => ({
              validator: (_, v?: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
            }),
          ]}
        >
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
