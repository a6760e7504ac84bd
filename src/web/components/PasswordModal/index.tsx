import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import { useSession } from '../../app/session';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from './rules';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface PasswordFields {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

const layout = { labelCol: { xs: { span: 24 }, sm: { span: 5 } }, wrapperCol: { xs: { span: 24 }, sm: { span: 16 } } };

/** SPEC §4/§5 change-password modal for the logged-in user. */
export default function PasswordModal({ open, onClose }: Props) {
  const { message } = App.useApp();
  const username = useSession().userInfo?.username;
  const [form] = Form.useForm<PasswordFields>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (open && !username) {
      message.warning('当前系统无登陆用户!');
      onClose();
    }
    // Checked when the modal opens; a new onClose identity from the parent is no new opening.
  }, [open, username]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !username) return;
    setSubmitting(true);
    const res = await authApi.updatePassword({ username, ...values }).catch(() => null);
    setSubmitting(false);
    if (!res) return;
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    message.success(res.message);
    close();
  };

  return (
    <Modal title="修改密码" width={800} open={open && !!username} confirmLoading={submitting} onOk={submit} onCancel={close}>
      <Form form={form} {...layout}>
        <Form.Item name="oldpassword" label="旧密码" rules={[{ required: true, message: '请输入旧密码!' }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码!' },
            { validator: (_, v?: string) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE))) },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码!' },
            ({ getFieldValue }) => ({
              validator: (_, v?: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
