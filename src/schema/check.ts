import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { publicFilesProblem } from './file-kinds';
import { categoryBranchProblem } from './category-branch';
import { crossChecksProblem } from './cross-checks';
import { linkageProblems } from './linkage';
import { dictOf } from './views';
import { pageMetaSchema } from './meta-schema';
import { actionPermission } from './permission';
import { rowMarksProblem } from './row-marks';
import { rowRulesProblem } from './row-rules';
import { workflowProblem } from './workflow';
import { isPersonal, SYSTEM_FIELDS, type PageSchema } from './types';

/** A broken schema: names the source, the JSON path and the problem in one line. */
export class SchemaError extends Error {
  constructor(public readonly source: string, public readonly path: string, public readonly problem: string) {
    super(`${source}: ${path || '/'}: ${problem}`);
  }
}

// Compiled on first use (~150 ms): a server start that trusts its last check never needs it.
let validateMeta: ValidateFunction | undefined;
const metaValidator = (): ValidateFunction => (validateMeta ??= new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile(pageMetaSchema));

function describe(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'enum') return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? e.keyword;
}

/** Checks one parsed document: the meta-schema first, then the rules JSON Schema cannot say. */
export function checkPageSchema(doc: unknown, source: string): PageSchema {
  const validate = metaValidator();
  if (!validate(doc)) {
    const e = validate.errors![0];
    throw new SchemaError(source, e.instancePath, describe(e));
  }
  const schema = doc as unknown as PageSchema;
  const system = new Set(SYSTEM_FIELDS.map((f) => f.name));
  const seen = new Set<string>();
  schema.fields.forEach((f, i) => {
    const at = `/fields/${i}`;
    if (seen.has(f.name)) throw new SchemaError(source, `${at}/name`, `duplicate field "${f.name}"`);
    const sys = SYSTEM_FIELDS.find((x) => x.name === f.name);
    // A system field may be declared again only to show it (list, query, detail): the engine still fills it.
    if (sys && (f.name === 'id' || f.type !== sys.type || f.form === true || f.required || f.unique || f.index || f.virtual || f.sensitive)) {
      throw new SchemaError(source, `${at}/name`, `"${f.name}" is a system field filled by the engine: declare it only to show it (type ${sys.type}, form false)`);
    }
    seen.add(f.name);
    if (f.dict && !f.dict.code && !(f.dict.table && f.dict.text && f.dict.value)) {
      throw new SchemaError(source, `${at}/dict`, 'needs a code, or table with text and value');
    }
    if (f.pattern !== undefined) {
      try { new RegExp(f.pattern); } catch { throw new SchemaError(source, `${at}/pattern`, 'is not a valid regular expression'); }
    }
    if (f.search && (f.virtual || f.sensitive || !['string', 'text'].includes(f.type))) {
      throw new SchemaError(source, `${at}/search`, 'only a string or text column can be text-searched');
    }
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) throw new SchemaError(source, `${at}/min`, 'is greater than max');
    if (f.input && (f.form !== false || f.virtual)) throw new SchemaError(source, `${at}/input`, 'marks a column outside the form (form false) that a page\'s own panel writes');
    // What is typed into a password box is written, never read back: every read path skips sensitive fields.
    if (f.view === 'password' && !f.virtual) f.sensitive = true;
  });
  const has = (name: string) => seen.has(name) || system.has(name);
  if (schema.main) {
    if (schema.kind !== 'sub') throw new SchemaError(source, '/main', 'only a page of kind "sub" names its main table');
    const fk = schema.fields.find((f) => f.name === schema.main!.foreignKey);
    if (!fk || fk.virtual) throw new SchemaError(source, '/main/foreignKey', `field "${schema.main.foreignKey}" is not declared`);
    if (schema.main.table === schema.table) throw new SchemaError(source, '/main/table', 'a sub table cannot be its own main table');
  }
  if (schema.kind === 'tree' && !schema.tree) throw new SchemaError(source, '/tree', 'a tree page needs pidField, hasChildField and textField');
  if (schema.tree) {
    for (const key of ['pidField', 'hasChildField', 'textField'] as const) {
      if (!has(schema.tree[key])) throw new SchemaError(source, `/tree/${key}`, `field "${schema.tree[key]}" is not declared`);
      if (schema.fields.find((f) => f.name === schema.tree![key])?.virtual) throw new SchemaError(source, `/tree/${key}`, `field "${schema.tree[key]}" is virtual, not a column`);
    }
    // The engine writes the flag as '1'/'0' (JeecgBoot style): it needs a text column.
    const flag = schema.fields.find((f) => f.name === schema.tree!.hasChildField);
    if (flag && flag.type !== 'string') throw new SchemaError(source, '/tree/hasChildField', `field "${flag.name}" must be of type "string" (it holds '1' or '0')`);
  }
  const virtual = new Set(schema.fields.filter((f) => f.virtual).map((f) => f.name));
  schema.fields.forEach((f, i) => {
    if (f.virtual && (f.unique || f.index || f.list || f.query)) {
      throw new SchemaError(source, `/fields/${i}/virtual`, 'a virtual field is not a column: it cannot be unique, indexed, listed or queried');
    }
  });
  (schema.actions ?? []).forEach((a, i) => {
    if (!a.request === !a.panel) throw new SchemaError(source, `/actions/${i}`, 'needs exactly one of request or panel');
    for (const w of a.when ? [a.when].flat() : []) {
      if (!has(w.field) || virtual.has(w.field)) throw new SchemaError(source, `/actions/${i}/when/field`, `field "${w.field}" is not declared`);
    }
    const refs = Object.values({ ...a.request?.params, ...a.request?.body }).filter((v): v is string => typeof v === 'string' && v.startsWith('$'));
    for (const r of refs) {
      const name = r.slice(1);
      if (name === 'ids' ? a.place !== 'toolbar' : a.place !== 'row' || !has(name) || virtual.has(name)) {
        throw new SchemaError(source, `/actions/${i}/request`, `"${r}" cannot be sent from a ${a.place} action`);
      }
    }
  });
  if (schema.actions && new Set(schema.actions.map((a) => a.key)).size !== schema.actions.length) throw new SchemaError(source, '/actions', 'action keys must be unique');
  (schema.indexes ?? []).forEach((ix, i) => {
    for (const c of ix.columns) {
      if (!has(c) || virtual.has(c)) throw new SchemaError(source, `/indexes/${i}/columns`, `field "${c}" is not a declared column`);
    }
  });
  if (schema.defaultSort && !has(schema.defaultSort.column)) {
    throw new SchemaError(source, '/defaultSort/column', `field "${schema.defaultSort.column}" is not declared`);
  }
  const linkage = linkageProblems(schema);
  if (linkage) throw new SchemaError(source, linkage.path, linkage.problem);
  const branch = categoryBranchProblem(schema);
  if (branch) throw new SchemaError(source, branch.path, branch.problem);
  const cross = crossChecksProblem(schema);
  if (cross) throw new SchemaError(source, cross.path, cross.problem);
  const queried = new Set(schema.fields.filter((f) => f.query).map((f) => f.name));
  const initial: [string, Record<string, string> | undefined][] = [['/initialQuery', schema.initialQuery], ...(schema.views ?? []).map((v, i) => [`/views/${i}/query`, v.query] as [string, Record<string, string> | undefined])];
  for (const [at, query] of initial) {
    for (const name of Object.keys(query ?? {})) {
      if (!queried.has(name)) throw new SchemaError(source, `${at}/${name}`, `field "${name}" is not in the query bar`);
    }
  }
  const workflow = workflowProblem(schema);
  if (workflow) throw new SchemaError(source, workflow.path, workflow.problem);
  const marks = rowMarksProblem(schema);
  if (marks) throw new SchemaError(source, marks.path, marks.problem);
  const files = publicFilesProblem(schema);
  if (files) throw new SchemaError(source, files.path, files.problem);
  return schema;
}

/** Cross-schema rules: unique codes, tables and API paths; table dictionaries name declared tables and columns. */
export function checkSchemaSet(entries: { schema: PageSchema; source: string }[]): void {
  const byCode = new Map<string, string>(), byTable = new Map<string, PageSchema>(), byApi = new Map<string, string>();
  for (const { schema, source } of entries) {
    if (byCode.has(schema.code)) throw new SchemaError(source, '/code', `"${schema.code}" is also declared in ${byCode.get(schema.code)}`);
    if (byApi.has(schema.api)) throw new SchemaError(source, '/api', `"${schema.api}" is also used by ${byApi.get(schema.api)}`);
    if (byTable.has(schema.table)) throw new SchemaError(source, '/table', `table "${schema.table}" is declared twice`);
    byCode.set(schema.code, source);
    byApi.set(schema.api, source);
    byTable.set(schema.table, schema);
  }
  for (const { schema, source } of entries) checkSubTables(schema, source, entries);
  const all = entries.map((e) => e.schema);
  const columnsOf = (table: string) => {
    const t = byTable.get(table);
    return t && new Set([...SYSTEM_FIELDS, ...t.fields].filter((f) => !f.virtual).map((f) => f.name));
  };
  for (const { schema, source } of entries) {
    const title = schema.record?.title;
    if (title && !schema.fields.some((f) => f.name === title && !f.virtual && !f.sensitive)) {
      throw new SchemaError(source, '/record/title', `field "${title}" is not a readable declared column`);
    }
    const rules = rowRulesProblem(schema, columnsOf);
    if (rules) throw new SchemaError(source, rules.path, rules.problem);
  }
  for (const { schema, source } of entries) {
    // The engine serves add, edit, delete and import for every page: none may be open by omission.
    if (!actionPermission(schema, 'edit', all)) {
      throw new SchemaError(source, '/permission', 'a page needs a permission prefix (its own, or that of a main page listing it as a sub table): its rows would be writable by anyone');
    }
  }
  for (const { schema, source } of entries) {
    schema.fields.forEach((f, i) => {
      // A picker's implied dictionary (sel_user → sys_user…) must resolve as surely as a declared one.
      const dict = dictOf(f);
      if (!dict?.table) return;
      const at = f.dict ? `/fields/${i}/dict` : `/fields/${i}/view`;
      const target = byTable.get(dict.table);
      if (!target) throw new SchemaError(source, f.dict ? `${at}/table` : at, `table "${dict.table}" is not declared by any schema`);
      const cols = new Map([...SYSTEM_FIELDS, ...target.fields].map((c) => [c.name, c]));
      for (const key of ['text', 'value'] as const) {
        const col = cols.get(dict[key]!);
        const where = f.dict ? `${at}/${key}` : at;
        if (!col) throw new SchemaError(source, where, `"${dict[key]}" is not a field of ${dict.table}`);
        if (col.sensitive) throw new SchemaError(source, where, `"${dict[key]}" is sensitive and cannot be read through a dictionary`);
        // Its own page's readers may read it anyway; a dictionary on another page would hand it to that page's readers.
        if (isPersonal(target, col) && target !== schema) throw new SchemaError(source, where, `"${dict[key]}" is personal data of ${dict.table}: no other page may read it through a dictionary`);
      }
    });
  }
}

/** A main page names sub pages (kind "sub") whose foreign key column exists; only main pages have sub tables. */
function checkSubTables(schema: PageSchema, source: string, entries: { schema: PageSchema }[]): void {
  const subTables = schema.subTables ?? [];
  if (schema.kind === 'main' && !subTables.length) throw new SchemaError(source, '/subTables', 'a main page needs at least one sub table');
  if (subTables.length && schema.kind !== 'main') throw new SchemaError(source, '/subTables', 'only a page of kind "main" has sub tables');
  const own = new Set(schema.fields.map((f) => f.name));
  const listed = new Set<string>();
  subTables.forEach((st, i) => {
    const at = `/subTables/${i}`;
    const sub = entries.find((e) => e.schema.code === st.code)?.schema;
    if (!sub) throw new SchemaError(source, `${at}/code`, `schema "${st.code}" is not declared`);
    if (sub.kind !== 'sub') throw new SchemaError(source, `${at}/code`, `schema "${st.code}" must be of kind "sub"`);
    if (listed.has(st.code)) throw new SchemaError(source, `${at}/code`, `sub table "${st.code}" is listed twice`);
    listed.add(st.code);
    const fk = sub.fields.find((f) => f.name === st.foreignKey);
    if (!fk || fk.virtual) throw new SchemaError(source, `${at}/foreignKey`, `"${st.foreignKey}" is not a column of ${st.code}`);
    if (own.has(`${st.code}List`)) throw new SchemaError(source, `${at}/code`, `field "${st.code}List" would collide with the sub table's rows in the body`);
  });
}
