import type { PageSchema } from '../../../schema/types';
import { availableTransitions, editableIn, transitionPermission, type WorkflowTransition } from '../../../schema/workflow';
import type { Row } from '../api';
import type { RowLink } from '../DataTable';
import type { FireBody } from './api';

/** A row's state, as stored (the value, not its dictionary text). */
export const stateOf = (schema: PageSchema, row: Row): string => String((schema.workflow && row[schema.workflow.field]) ?? '');

/** Whether the page's own 编辑 / 删除 apply to the row (the server refuses them outside `editable`). */
export const rowEditable = (schema: PageSchema, row: Row): boolean => editableIn(schema, stateOf(schema, row));

/** The transitions a button may offer on the row now: those the user holds, bar those only the page's panel fires. */
export const rowTransitions = (schema: PageSchema, row: Row, held: (code: string) => boolean): WorkflowTransition[] =>
  availableTransitions(schema, stateOf(schema, row), held).filter((t) => !t.panelOnly);

/** The transitions that may fire now on the row, as row links shown beside the first one. */
export function transitionLinks(schema: PageSchema, row: Row, held: (code: string) => boolean, fire: (t: WorkflowTransition, rows: Row[]) => void): RowLink[] {
  return rowTransitions(schema, row, held)
    .map((t) => ({ key: `workflow:${t.name}`, label: t.label, danger: t.danger, inline: true, onClick: () => fire(t, [row]) }));
}

/**
 * The batch transitions offered on the selection: every selected row must be in one of the
 * transition's `from` states. A selected row not on hand (`undefined`) offers none: its state is unknown.
 */
export function batchTransitions(schema: PageSchema, rows: (Row | undefined)[], held: (code: string) => boolean): WorkflowTransition[] {
  if (!schema.workflow || !rows.length || rows.some((r) => !r)) return [];
  return schema.workflow.transitions.filter((t) => t.batch && !t.panelOnly && held(transitionPermission(schema, t))
    && rows.every((r) => t.from.includes(stateOf(schema, r!))));
}

/** The request firing `t` on the rows, with the state they were seen in when they all share one. */
export function fireBody(schema: PageSchema, t: WorkflowTransition, rows: Row[], opinion?: string): FireBody {
  const states = new Set(rows.map((r) => stateOf(schema, r)));
  const ids = rows.map((r) => String(r.id));
  return {
    ...(ids.length > 1 ? { ids: ids.join(',') } : { id: ids[0] }),
    transition: t.name,
    ...(opinion ? { opinion } : {}),
    ...(states.size === 1 ? { fromState: [...states][0] } : {}),
  };
}

/** What is asked before a transition without opinion fires. */
export const confirmText = (t: WorkflowTransition, count: number): string =>
  t.confirm ?? (count > 1 ? `确定${t.label}选中的 ${count} 条数据吗？` : `确定${t.label}吗？`);
