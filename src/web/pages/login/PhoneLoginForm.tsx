import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import styles from './LoginPage.module.css';
import { useCountdown } from './useCountdown';

interface PhoneFields {
  mobile: string;
  captcha: string;
}

const RESEND_AFTER_SECONDS = 60;

/** Mobile number and SMS code (contract §2.5). */
export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneFields>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const sendCode = async () => {
    const mobile: string | undefined = await form.validateFields(['mobile']).then((v) => v.mobile, () => undefined);
    if (!mobile) return;
    setSending(true);
    const res = await authApi.sendSms({ mobile, smsmode: '0' }).catch(() => null);
    setSending(false);
    if (!res) return;
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    message.success(res.message || '验证码已发送');
    countdown.start(RESEND_AFTER_SECONDS);
  };

  const submit = async (values: PhoneFields) => {
    setSubmitting(true);
    const res = await authApi.phoneLogin(values).catch(() => null);
    setSubmitting(false);
    if (res?.code === 200) onLoggedIn(res.result);
    else if (res) message.error(res.message);
  };

  return (
    <Form form={form} size="large" onFinish={submit}>
      <Form.Item
        name="mobile"
        rules={[{ required: true, message: '请输入手机号' }, { pattern: /^1\d{10}$/, message: '请输入正确的手机号' }]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item>
        <div className={styles.captchaRow}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
            <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" autoComplete="one-time-code" maxLength={6} inputMode="numeric" />
          </Form.Item>
          <Button className={styles.smsButton} disabled={countdown.seconds > 0} loading={sending} onClick={sendCode}>
            {countdown.seconds > 0 ? `${countdown.seconds} 秒后重发` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>登 录</Button>
      </Form.Item>
    </Form>
  );
}
