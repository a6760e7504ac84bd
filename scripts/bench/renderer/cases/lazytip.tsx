// Bench variant `lazytip` (a proposed fix, tried here without touching src/): the text cell cuts
// long values at 25 characters as textCell does, but mounts the antd Tooltip only when the pointer
// first enters the cell, instead of one Tooltip per long cell at mount. Registered through the
// widget registry's own API, over the `text` and `list` views' cells.
import { Tooltip } from 'antd';
import { useState } from 'react';
import { registerWidget, widgetOf, type CellRenderer } from '../../../../src/web/widgets/registry';
import { ellipsis } from '../../../../src/web/utils/format';

const ELLIPSIS_LENGTH = 25;

function LazyTip({ text }: { text: string }) {
  const [armed, setArmed] = useState(false);
  const short = <span onMouseEnter={armed ? undefined : () => setArmed(true)}>{ellipsis(text, ELLIPSIS_LENGTH)}</span>;
  return armed ? <Tooltip title={text} defaultOpen>{short}</Tooltip> : short;
}

const lazyTextCell: CellRenderer = (value) => {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  return [...s].length <= ELLIPSIS_LENGTH ? s : <LazyTip text={s} />;
};

export function installLazyTip(): void {
  for (const view of ['text', 'list'] as const) registerWidget(view, { ...widgetOf(view), cell: lazyTextCell });
}
