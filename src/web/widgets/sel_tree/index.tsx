import { registerWidget } from '../registry';
import { textCell } from '../text';
import { DictTreeSelect } from './DictTreeSelect';

// A list cell gets the server's `_dictText` (the stored keys' texts) as its value.
registerWidget('sel_tree', { component: DictTreeSelect, cell: textCell });
