import { Input, Password } from '@formily/antd-v5';
import { Tooltip } from 'antd';
import { ellipsis } from '../../utils/format';
import { registerWidget, type CellRenderer } from '../registry';

const ELLIPSIS_LENGTH = 25;

/** Long text is cut at 25 characters (SPEC §9), the whole value in a tooltip. */
export const textCell: CellRenderer = (value) => {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  if ([...s].length <= ELLIPSIS_LENGTH) return s;
  return <Tooltip title={s}><span>{ellipsis(s, ELLIPSIS_LENGTH)}</span></Tooltip>;
};

/** SPEC §9: a textarea has 4 rows by default. */
function TextArea(props: Record<string, unknown>) {
  return <Input.TextArea rows={4} {...props} />;
}

registerWidget('text', { component: Input, cell: textCell });
registerWidget('password', { component: Password, cell: () => '******' });
// The rich editors of issue 4 register over these; until then their text is edited plainly.
registerWidget(['textarea', 'umeditor', 'markdown'], { component: TextArea, cell: textCell, query: Input });
registerWidget('hidden', { component: Input, cell: textCell });
