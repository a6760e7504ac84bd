import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../app/config';
import type { PageProps } from './registry';

/** Shown for a menu component that has no page module yet, so no menu entry ever leads to a blank screen. */
export default function NotBuilt({ route }: PageProps) {
  const navigate = useNavigate();
  return (
    <Result
      style={{ background: '#fff', borderRadius: 4 }}
      status="info"
      title="功能建设中"
      subTitle={`该页面（${route.meta.title ?? route.name}，组件 ${route.component}）尚未构建。`}
      extra={<Button type="primary" onClick={() => navigate(HOME_PATH)}>返回首页</Button>}
    />
  );
}
