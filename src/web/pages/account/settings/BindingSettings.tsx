import { List, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { authApi } from '../../../api/auth';
import { useSession } from '../../../app/session';

interface Props { onEdit: () => void }

const mask = (v: string, keep: number) => (v.length > keep * 2 ? `${v.slice(0, keep)}****${v.slice(-keep)}` : v);

/** 账号绑定: the phone and e-mail bound to my account (changed in 基本设置); third-party accounts when the site allows them. */
export default function BindingSettings({ onEdit }: Props) {
  const { userInfo } = useSession();
  const [thirdParty, setThirdParty] = useState(false);
  useEffect(() => {
    void authApi.siteInfo().then((r) => setThirdParty(!!r.result?.allowThirdLogin)).catch(() => undefined);
  }, []);
  const phone = String(userInfo?.phone ?? '');
  const email = String(userInfo?.email ?? '');
  const bound = (v: string, shown: string) => (v ? <Tag color="green">已绑定 {shown}</Tag> : <Tag>未绑定</Tag>);
  const items = [
    { key: 'phone', title: '手机号', state: bound(phone, mask(phone, 3)), action: <a onClick={onEdit}>{phone ? '修改' : '绑定'}</a> },
    { key: 'email', title: '邮箱', state: bound(email, email.replace(/^(.).*(@.*)$/, '$1***$2')), action: <a onClick={onEdit}>{email ? '修改' : '绑定'}</a> },
    ...(thirdParty ? [
      { key: 'wechat', title: '微信', state: <Tag>未绑定</Tag>, action: <span>在微信中登录后自动绑定</span> },
      { key: 'dingtalk', title: '钉钉', state: <Tag>未绑定</Tag>, action: <span>暂未开放</span> },
    ] : []),
  ];
  return (
    <List className="account-binding" dataSource={items} rowKey="key"
      renderItem={(i) => <List.Item actions={[i.action]}><List.Item.Meta title={i.title} description={i.state} /></List.Item>} />
  );
}
