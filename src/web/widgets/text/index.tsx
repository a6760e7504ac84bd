import { Input, Password } from '@formily/antd-v5';
import { Tooltip } from 'antd';
import { useState } from 'react';
import { ellipsis } from '../../utils/format';
import { registerWidget, type CellRenderer } from '../registry';

const ELLIPSIS_LENGTH = 25;

/**
 * The cut text, its tooltip mounted on the first hover: a list of long texts would otherwise build
 * hundreds of tooltips nobody opens (the renderer benchmark found them the table's main cost).
 */
function Ellipsis({ text }: { text: string }) {
  const [armed, setArmed] = useState(false);
  const short = <span onMouseEnter={() => setArmed(true)}>{ellipsis(text, ELLIPSIS_LENGTH)}</span>;
  return armed ? <Tooltip title={text} defaultOpen>{short}</Tooltip> : short;
}

/** Long text is cut at 25 characters (SPEC §9), the whole value in a tooltip. */
export const textCell: CellRenderer = (value) => {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  if ([...s].length <= ELLIPSIS_LENGTH) return s;
  return <Ellipsis text={s} />;
};

/** SPEC §9: a textarea has 4 rows by default. */
function TextArea(props: Record<string, unknown>) {
  return <Input.TextArea rows={4} {...props} />;
}

registerWidget('text', { component: Input, cell: textCell });
registerWidget('password', { component: Password, cell: () => '******' });
registerWidget('textarea', { component: TextArea, cell: textCell, query: Input });
registerWidget('hidden', { component: Input, cell: textCell });
