import { Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { http } from '../../api/request';
import { locationOf } from '../../layouts/basic/menuModel';

/** One to-do as `GET /sys/workplace/todo` answers it: how many, and the page that shows them. */
export interface Todo {
  key: string;
  label: string;
  count: number;
  path: string;
}

/** 工作台: the signed-in user's own to-dos by role and their unread notices, each card a link to its page. */
export default function Workplace() {
  const [todos, setTodos] = useState<Todo[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await http.get<Todo[]>('/sys/workplace/todo');
      if (res.success) setTodos(res.result);
      else setFailed(true);
    } catch {
      setFailed(true); // the request layer has shown why
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  if (failed) return <Card><Empty description="待办加载失败" /></Card>;
  if (!todos) return <Card><Spin /></Card>;
  return (
    <Card title="我的待办">
      <Row gutter={[16, 16]}>
        {todos.map((t) => (
          <Col key={t.key} xs={12} md={8} xl={4}>
            <Link to={locationOf(t.path)} className="workplace-todo" data-todo={t.key}>
              <Card hoverable size="small">
                <Statistic title={t.label} value={t.count} valueStyle={t.count ? { color: '#1890FF' } : undefined} />
                <Typography.Text type="secondary">{t.count ? '去处理' : '暂无'}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
