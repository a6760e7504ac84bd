import { registerWidget } from '../registry';
import { textCell } from '../text';
import { LinkDownSelect } from './LinkDownSelect';

/*
 * Cascading selects (`link_down`, SPEC §3/§4, contract §9.2/§9.4): one select per level, each its
 * own form field — the record stores every level in its own column.
 *
 * A schema declares each level as a field with view `link_down`. The FIRST field carries the
 * settings `{table, txt, key, idField, pidField, linkField: "city,area", condition?}`; `linkField`
 * names the following levels' fields, in order. A following field needs nothing more than the view
 * (its widget finds the sibling whose `linkField` lists it); it may repeat table/txt/key/idField/
 * pidField (and even linkField) so that lists translate its value too (dictOf reads them) — a
 * field never counts as the first level when its own `linkField` lists itself.
 *
 *   { "name": "province", "view": "link_down", "extend": { "table": "sys_area", "txt": "name", "key": "code",
 *       "idField": "id", "pidField": "pid", "linkField": "city,area" } },
 *   { "name": "city", "view": "link_down", "extend": { "table": "sys_area", "txt": "name", "key": "code", "idField": "id", "pidField": "pid" } },
 *   { "name": "area", "view": "link_down" }
 *
 * The first level lists the rows without parent (and meeting `condition`); a later level lists the
 * rows whose `pidField` is the `idField` of the row chosen one level up. Choosing a level clears
 * every following level (SPEC §4), whose options then follow the new parent. Siblings are found by
 * data path, so a cascade inside a sub-table row stays within its row. A following level without
 * its first level in the same form (e.g. alone in a query bar) has no parent to follow: disabled.
 */
// A list cell gets the server's `_dictText` when the field names the table (else its stored value).
registerWidget('link_down', { component: LinkDownSelect, cell: textCell });
