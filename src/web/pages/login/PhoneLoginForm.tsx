import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Form } from 'antd';
import { Input } from './inputs';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import styles from './LoginPage.module.css';
import { useSmsCode } from './useSmsCode';

interface PhoneFields {
  mobile: string;
  captcha: string;
}

/** Mobile number and SMS code (contract §2.5). */
export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneFields>();
  const sms = useSmsCode(form, 'mobile', '0');
  const [submitting, setSubmitting] = useState(false);

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
          <Button className={styles.smsButton} disabled={sms.seconds > 0} loading={sms.sending} onClick={sms.send}>{sms.label}</Button>
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>登 录</Button>
      </Form.Item>
    </Form>
  );
}
