import type { PageSchema } from './types';

/** The engine's own actions on a page's rows, each guarded by the button `<permission>:<action>`. */
export type CrudAction = 'add' | 'edit' | 'delete' | 'export' | 'import';

/** The main pages listing `schema` as one of their sub tables. */
export function mainsOf(schema: PageSchema, schemas: PageSchema[]): PageSchema[] {
  return mainsIndex(schemas).get(schema.code)?.filter((s) => s !== schema) ?? [];
}

/** Main pages by the code of a sub page they list, per schema array: an array must not change once asked about (the registry makes a new one when its set changes). */
const mainsIndexes = new WeakMap<PageSchema[], Map<string, PageSchema[]>>();
function mainsIndex(schemas: PageSchema[]): Map<string, PageSchema[]> {
  let index = mainsIndexes.get(schemas);
  if (!index) {
    index = new Map();
    for (const s of schemas) for (const t of s.subTables ?? []) {
      const mains = index.get(t.code) ?? [];
      if (!mains.includes(s)) mains.push(s);
      index.set(t.code, mains);
    }
    mainsIndexes.set(schemas, index);
  }
  return index;
}

/**
 * The button an action on a page's rows needs. A page names its own permission prefix; a sub page
 * without one is guarded by its main page: writing a sub row (a report's column, a chart's field)
 * edits the main row, and exporting one reads it. Undefined only for a page guarded by nothing,
 * which the schema checks refuse to load — a write is never open by omission.
 */
export function actionPermission(schema: PageSchema, action: CrudAction, schemas: PageSchema[]): string | undefined {
  if (schema.permission) return `${schema.permission}:${action}`;
  const main = mainsOf(schema, schemas).find((m) => m.permission);
  if (!main) return undefined;
  return `${main.permission}:${action === 'export' ? 'export' : 'edit'}`;
}

/** The menu components drawing a page: its own and its views'. */
export function pageComponents(schema: PageSchema): string[] {
  return [schema.component, ...(schema.views ?? []).map((v) => v.component)].filter((c): c is string => !!c);
}

/** The page as a view draws it: the view's component, title and buttons over the schema's rows. */
export function asView(schema: PageSchema, component: string): PageSchema {
  const view = schema.views?.find((v) => v.component === component);
  if (!view) return schema;
  return {
    ...schema, component: view.component, title: view.title, features: view.features ?? schema.features, initialQuery: view.query ?? schema.initialQuery,
  };
}
