import type { ComponentType } from 'react';
import type { PageSchema } from '../../schema/types';

/** What a page panel receives: the page's schema, the row it was opened for, and how to close it. */
export interface PanelProps {
  schema: PageSchema;
  /** The row of a row action; null for a toolbar action. */
  row: Record<string, unknown> | null;
  /** Ids of the selected rows, for toolbar actions. */
  selectedIds: string[];
  open: boolean;
  /** `changed` reloads the list. */
  onClose: (changed?: boolean) => void;
}

type Loader = () => Promise<{ default: ComponentType<PanelProps> }>;

/**
 * Named panels a schema action opens (`"panel": "RolePermission"`): the few screens CRUD cannot
 * draw (a role's permission tree, a dictionary's items). Each is its own chunk, registered here.
 */
const panels: Record<string, Loader> = {};

export function registerPanel(name: string, loader: Loader): void {
  panels[name] = loader;
}

export function panelLoader(name: string): Loader | undefined {
  return panels[name];
}
