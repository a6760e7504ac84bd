import { registerWidget } from '../registry';
import { textCell } from '../text';
import { SearchSelect } from './SearchSelect';

// A list cell gets the server's `_dictText` (the stored value's text) as its value.
registerWidget('sel_search', { component: SearchSelect, cell: textCell });
