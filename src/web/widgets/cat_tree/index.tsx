import { registerWidget } from '../registry';
import { textCell } from '../text';
import { CategorySelect } from './CategorySelect';

// A list cell gets the server's `_dictText` (the categories' names) as its value.
registerWidget('cat_tree', { component: CategorySelect, cell: textCell });
