import { UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Col, Form, Input, message, Row, Upload } from 'antd';
import { useState } from 'react';
import { staticUrl } from '../../../app/config';
import { session, useSession } from '../../../app/session';
import { accountApi, type ProfileChange } from '../api';
import AvatarCropper from './AvatarCropper';

export const PHONE_RULE = /^1[3-9]\d{9}$/;

/** 基本设置: name, phone, e-mail (checked here and on the server) and an avatar cropped to a square. */
export default function BaseSettings() {
  const { userInfo } = useSession();
  const [form] = Form.useForm<ProfileChange>();
  const [avatar, setAvatar] = useState<string | null>(userInfo?.avatar ?? null);
  const [picked, setPicked] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);

  const uploadCropped = async (png: Blob) => {
    setPicked(null);
    const res = await accountApi.uploadAvatar(png);
    if (res.success) setAvatar(res.message);
    else message.warning(res.message);
  };

  const save = async (values: ProfileChange) => {
    setSaving(true);
    try {
      const res = await accountApi.saveProfile({ ...values, avatar });
      if (res.success && res.result) {
        session.setUserInfo({ ...session.get().userInfo!, ...res.result.userInfo });
        message.success(res.message || '修改成功!');
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={32}>
      <Col xs={24} md={14}>
        <Form form={form} layout="vertical" onFinish={save} className="account-base-form"
          initialValues={{ realname: userInfo?.realname, phone: userInfo?.phone ?? '', email: userInfo?.email ?? '' }}>
          <Form.Item name="realname" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名!' }, { max: 50, message: '姓名最多 50 个字' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[{ pattern: PHONE_RULE, message: '请输入正确格式的手机号码!' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确格式的邮箱!' }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>更新基本信息</Button>
        </Form>
      </Col>
      <Col xs={24} md={10} style={{ textAlign: 'center' }}>
        <Avatar size={128} src={avatar ? staticUrl(avatar) : undefined} className="account-avatar">{userInfo?.realname?.slice(0, 1)}</Avatar>
        <div style={{ marginTop: 16 }}>
          <Upload accept="image/png,image/jpeg,image/gif,image/webp" showUploadList={false} beforeUpload={(f) => { setPicked(f); return false; }}>
            <Button icon={<UploadOutlined />}>更换头像</Button>
          </Upload>
        </div>
        <AvatarCropper file={picked} onCancel={() => setPicked(null)} onCropped={(b) => void uploadCropped(b)} />
      </Col>
    </Row>
  );
}
