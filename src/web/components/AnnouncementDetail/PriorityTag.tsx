import { Tag } from 'antd';

/** SPEC §3 priority: L general, M important, H urgent. */
const PRIORITIES: Record<string, { label: string; color: string }> = {
  L: { label: '一般', color: 'blue' },
  M: { label: '重要', color: 'orange' },
  H: { label: '紧急', color: 'red' },
};

export function PriorityTag({ priority }: { priority?: string | null }) {
  const p = priority ? PRIORITIES[priority] : undefined;
  return p ? <Tag color={p.color}>{p.label}</Tag> : null;
}
