// The hand-written baselines' row-action column: 编辑, then 详情/删除 under 更多, as DataTable draws it.
import { DownOutlined } from '@ant-design/icons';
import { Divider, Dropdown } from 'antd';
import { rowLinks } from './links';

type Row = Record<string, unknown>;

export const actionsColumn = {
  key: '__actions',
  title: '操作',
  fixed: 'right' as const,
  width: 160,
  align: 'center' as const,
  render: (_: unknown, row: Row) => {
    const [first, ...more] = rowLinks(row);
    return (
      <span className="schema-row-actions">
        <a onClick={first.onClick}>{first.label}</a>
        <Divider type="vertical" />
        <Dropdown trigger={['click']} menu={{ items: more.map((l) => ({ key: l.key, label: l.label, danger: l.danger, onClick: l.onClick })) }}>
          <a>更多 <DownOutlined /></a>
        </Dropdown>
      </span>
    );
  },
};
