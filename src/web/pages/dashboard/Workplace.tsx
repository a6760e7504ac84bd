import { Card, Col, Empty, List, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { http } from '../../api/request';
import { useRecordsChanged } from '../../app/liveRecords';
import { locationOf } from '../../layouts/basic/menuModel';
import type { Work } from '../../../schema/workplace';
import { WhenShown } from '../../layouts/basic/pageActive';

/** One entry of the 工作台 as `GET /sys/workplace/todo` answers it (src/schema/workplace.ts). */
export type Todo = Work;

const breakdown = (t: Todo) => t.byState.filter((s) => s.count > 0).map((s) => `${s.text} ${s.count}`).join(' · ');

/**
 * 工作台: the work waiting for the signed-in user across pages (as the schemas declare it) and their
 * unread notices. Each entry opens its page; each named row opens its record there. It follows
 * live notices, so new work shows without a reload, and reloads when its tab is shown again.
 */
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
  useRecordsChanged(null, () => void load());
  // Drawn again each time its tab is shown: work done meanwhile (a project passed on 项目审核) is gone from it.
  // WhenShown, not usePageActive here: hiding the tab would render all the cards again.
  return <><WhenShown run={load} /><Todos todos={todos} failed={failed} /></>;
}

/** The 工作台's cards. */
function Todos({ todos, failed }: { todos: Todo[] | null; failed: boolean }) {
  if (failed) return <Card><Empty description="待办加载失败" /></Card>;
  if (!todos) return <Card><Spin /></Card>;
  const waiting = todos.filter((t) => t.items.length);
  return (
    <>
      <Card title="我的待办">
        <Row gutter={[16, 16]}>
          {todos.map((t) => (
            <Col key={t.key} xs={12} md={8} xl={4}>
              <Link to={locationOf(t.path)} className="workplace-todo" data-todo={t.key}>
                <Card hoverable size="small">
                  <Statistic title={t.label} value={t.count} valueStyle={t.count ? { color: '#1677FF' } : undefined} />
                  <Typography.Text type="secondary">{t.count ? breakdown(t) || '去处理' : '暂无'}</Typography.Text>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
      {waiting.map((t) => (
        <Card
          key={t.key}
          title={`${t.label}（${t.count}）`}
          className="workplace-items"
          data-todo-items={t.key}
          style={{ marginTop: 16 }}
          extra={t.count > (t.items.length ?? 0) ? <Link to={locationOf(t.path)}>查看全部</Link> : null}
        >
          <List
            size="small"
            dataSource={t.items}
            renderItem={(item) => (
              <List.Item actions={[<Link key="go" to={locationOf(item.path)} aria-label={`去处理${t.noun}「${item.title}」`}>去处理</Link>]}>
                <List.Item.Meta
                  title={<Link to={locationOf(item.path)}>{`${t.noun}「${item.title}」`}</Link>}
                  description={item.time ? `更新于 ${item.time}` : undefined}
                />
                <Tag>{item.stateText}</Tag>
              </List.Item>
            )}
          />
        </Card>
      ))}
    </>
  );
}
