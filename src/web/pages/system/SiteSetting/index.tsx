import { App, Button, Card, Form, Input, Result, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import type { SiteSettings } from '../../../../schema/site';
import { http } from '../../../api/request';
import { hasPermission } from '../../../app/permission';
import { useSession } from '../../../app/session';
import ImageEditor from '../../../widgets/image/ImageEditor';
import type { PageProps } from '../../registry';

export const SITE_SETTING_API = '/sys/setting/site';
export const SITE_SETTING_EDIT = 'system:siteSetting:edit';

const LOGOS: [keyof SiteSettings, string][] = [['appLogo', '系统Logo'], ['appLogoWhite', '白色Logo'], ['iconLogo', '图标Logo']];
const FLAGS: [keyof SiteSettings, string, string][] = [
  ['allowRegister', '允许注册', '登录页显示注册入口'],
  ['allowPhoneLogin', '允许手机号登录', '登录页显示手机号登录'],
  ['allowThirdLogin', '允许第三方登录', '登录页显示第三方登录'],
  ['openApiDocs', '公开接口文档', '任何人可打开接口文档 /jeecg-boot/doc.html（关闭时仅管理员）'],
];

/**
 * SPEC §3 site settings (站点设置): name, abbreviation, description, logos, help link and the
 * login options. Footer fields belong to the current race (赛事管理), not here.
 */
export default function SiteSetting(_props: PageProps) {
  const { message } = App.useApp();
  const { auth, allAuth } = useSession();
  const canEdit = hasPermission(SITE_SETTING_EDIT, auth, allAuth);
  const [form] = Form.useForm<SiteSettings>();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    http.get<SiteSettings>(SITE_SETTING_API).then((res) => {
      if (!live) return;
      if (res.success && res.result) { form.setFieldsValue(res.result); setState('ready'); } else setState('failed');
    }).catch(() => live && setState('failed'));
    return () => { live = false; };
  }, [form]);

  const save = async (values: SiteSettings) => {
    setSaving(true);
    try {
      const res = await http.put<SiteSettings>(SITE_SETTING_API, values);
      if (res.success) message.success(res.message || '保存成功');
      else message.error(res.message || '保存失败');
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  };

  if (state === 'failed') return <Result status="warning" title="站点设置加载失败" subTitle="请稍后刷新重试" />;
  return (
    <Card title="站点设置">
      {state === 'loading' && <Skeleton active />}
      <Form form={form} layout="vertical" style={{ maxWidth: 720, display: state === 'ready' ? undefined : 'none' }} disabled={!canEdit} onFinish={save} scrollToFirstError={{ block: 'center' }}>
        <Form.Item name="appName" label="系统名称" rules={[{ required: true, whitespace: true, message: '请输入系统名称' }, { max: 100 }]}>
          <Input placeholder="科技成果企业服务平台" />
        </Form.Item>
        <Form.Item name="appAbbr" label="系统简称" rules={[{ required: true, whitespace: true, message: '请输入系统简称' }, { max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="appDesc" label="系统描述" rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} showCount maxLength={500} />
        </Form.Item>
        {LOGOS.map(([name, label]) => (
          <Form.Item key={name} name={name} label={label}>
            <ImageEditor biz="site" uploadnum={1} />
          </Form.Item>
        ))}
        <Form.Item name="helpPath" label="帮助文档地址" rules={[{ pattern: /^(https?:\/\/\S+|\/\S*)?$/, message: '请输入以 http://、https:// 或 / 开头的地址' }]}>
          <Input placeholder="https://" />
        </Form.Item>
        {FLAGS.map(([name, label, extra]) => (
          <Form.Item key={name} name={name} label={label} valuePropName="checked" extra={extra}>
            <Switch />
          </Form.Item>
        ))}
        {canEdit && <Button type="primary" htmlType="submit" loading={saving}>保存</Button>}
      </Form>
    </Card>
  );
}
