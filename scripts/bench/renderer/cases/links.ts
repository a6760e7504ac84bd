// The row links a schema page with every feature offers (SchemaList: 编辑, then 详情/删除 under 更多).
import type { RowLink } from '../../../../src/web/renderer/DataTable';

const noop = () => undefined;
export const rowLinks = (_row: Record<string, unknown>): RowLink[] => [
  { key: 'edit', label: '编辑', onClick: noop },
  { key: 'detail', label: '详情', onClick: noop },
  { key: 'delete', label: '删除', danger: true, onClick: noop },
];
