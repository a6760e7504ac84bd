import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../app/config';

const RESULTS = {
  // SPEC §8's words for a 403; the page exists, the user's roles were not granted it.
  '403': { status: '403', title: '拒绝访问', subTitle: '抱歉，你无权访问该页面，请联系管理员授权' },
  '404': { status: '404', title: '404', subTitle: '抱歉，你访问的页面不存在' },
  '500': { status: '500', title: '500', subTitle: '抱歉，服务器出错了' },
  notBuilt: { status: 'info', title: '功能建设中', subTitle: '该页面尚未构建。' },
} as const;

export default function Exception({ type }: { type: '403' | '404' | '500' | 'notBuilt' }) {
  const navigate = useNavigate();
  const { status, title, subTitle } = RESULTS[type];
  return (
    <Result
      style={{ background: '#fff', borderRadius: 4 }}
      status={status}
      title={title}
      subTitle={subTitle}
      extra={<Button type="primary" onClick={() => navigate(HOME_PATH)}>返回首页</Button>}
    />
  );
}
