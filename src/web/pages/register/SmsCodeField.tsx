import { MailOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import { useState } from 'react';
import { useCountdown } from '../login/useCountdown';
import { registerApi } from './registerApi';
import styles from './Register.module.css';

const RESEND_AFTER_SECONDS = 60;

/** The SMS code input with 获取验证码: sends a code to the form's `phone` and counts 60 s down. */
export function SmsCodeField({ form, smsmode }: { form: FormInstance; smsmode: '1' | '2' }) {
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const phone: string | undefined = await form.validateFields(['phone']).then((v) => v.phone, () => undefined);
    if (!phone) return;
    setSending(true);
    const res = await registerApi.sendSms(phone, smsmode).catch(() => null);
    setSending(false);
    if (!res) return;
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    message.success(res.message || '验证码已发送');
    countdown.start(RESEND_AFTER_SECONDS);
  };

  return (
    <Form.Item label="验证码" required>
      <div className={styles.codeRow}>
        <Form.Item name="smsCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
          <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" aria-label="验证码" autoComplete="one-time-code" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Button className={styles.smsButton} disabled={countdown.seconds > 0} loading={sending} onClick={send}>
          {countdown.seconds > 0 ? `${countdown.seconds} 秒后重发` : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
