import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useSmsCode } from '../login/useSmsCode';
import styles from './Register.module.css';

/** The SMS code input with 获取验证码: sends a code to the form's `phone` and counts 60 s down. */
export function SmsCodeField({ form, smsmode }: { form: FormInstance; smsmode: '1' | '2' }) {
  const sms = useSmsCode(() => form.validateFields(['phone']).then((v) => v.phone as string, () => undefined), smsmode);
  return (
    <Form.Item label="验证码" required>
      <div className={styles.codeRow}>
        <Form.Item name="smsCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
          <Input prefix={<MailOutlined />} placeholder="请输入短信验证码" aria-label="验证码" autoComplete="one-time-code" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Button className={styles.smsButton} disabled={sms.seconds > 0} loading={sms.sending} onClick={sms.send}>{sms.label}</Button>
      </div>
    </Form.Item>
  );
}
