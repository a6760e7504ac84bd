import type { ComponentType, ReactNode } from 'react';
import type { ListColumn } from '../../schema/columns';
import { VIEWS } from '../../schema/meta-schema';
import type { ViewType } from '../../schema/types';

/** A list cell: the row's value (and `_dictText` already chosen when the column has a dictionary). */
export type CellRenderer = (value: unknown, row: Record<string, unknown>, column: ListColumn) => ReactNode;

/**
 * One field view (DESIGN.md, "Field views are a registry"): the Formily-connected component that
 * edits it (its read-pretty form comes with it), how a list cell shows it, and the input its query
 * bar uses. A view registers itself from its own folder; nothing else names it.
 */
export interface WidgetDef {
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
  component: ComponentType<any>;
  cell?: CellRenderer;
  /** The query bar's input when it differs from the form's (e.g. a range). */
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
  query?: ComponentType<any>;
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any */
  range?: ComponentType<any>;
}

const widgets = new Map<ViewType, WidgetDef>();

export function registerWidget(views: ViewType | ViewType[], def: WidgetDef): void {
  for (const v of Array.isArray(views) ? views : [views]) widgets.set(v, def);
}

/** The view's widget; a view not built yet edits as plain text rather than breaking the form. */
export function widgetOf(view: ViewType): WidgetDef {
  return widgets.get(view) ?? widgets.get('text')!;
}

/**
 * The components a Formily SchemaField needs, keyed by view name as the form compiler writes them:
 * every view, so one whose widget is not built yet edits as text instead of vanishing from the form.
 */
export function formComponents(): Record<string, WidgetDef['component']> {
  return Object.fromEntries(VIEWS.map((view) => [view, widgetOf(view as ViewType).component]));
}
