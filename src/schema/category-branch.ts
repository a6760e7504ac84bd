import { isEmptyValue, valueParts } from './linkage';
import type { FieldSchema, PageSchema } from './types';
import { viewInterface } from './views';

/**
 * A category tree field (`cat_tree`) whose root follows another field: with `extend.branchBy`
 * naming a field on a code dictionary, its options are the subtree of the child of `pcode` whose name is
 * that field's dictionary text (所属领域 follows 赛道: 信息技术 → 行业领域 › 信息技术 › 人工智能…).
 * The other field empty, nothing may be chosen; no child of that name, the whole `pcode` tree is
 * offered. The browser narrows the tree and clears a choice that falls outside; the server refuses
 * a write whose category lies outside, with the same functions.
 */
export interface CategoryBranch {
  /** The category field. */
  field: FieldSchema;
  /** The field whose dictionary text names the branch. */
  by: FieldSchema;
  /** The code whose children are the branches ('' for the top categories). */
  rootCode: string;
}

const ROOT = '0';

/** The category fields of a page that follow another field, each with that field. */
export function categoryBranches(fields: readonly FieldSchema[]): CategoryBranch[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return fields.flatMap((f) => {
    const name = f.view === 'cat_tree' ? f.extend?.branchBy : undefined;
    const by = typeof name === 'string' ? byName.get(name) : undefined;
    if (!by) return [];
    const pcode = typeof f.extend?.pcode === 'string' ? f.extend.pcode.trim() : '';
    return [{ field: f, by, rootCode: pcode === ROOT ? '' : pcode }];
  });
}

/** Whether a category's code lies strictly below the code of a node ('' for the top: every category). */
export const insideCode = (code: string, rootCode: string): boolean => code.startsWith(rootCode) && code.length > rootCode.length;

/** The branch among the root's children: the one named as the other field's text. */
export function branchNamed<T extends { name: string }>(children: readonly T[], text: string | undefined): T | undefined {
  const wanted = text?.trim();
  return wanted ? children.find((c) => c.name.trim() === wanted) : undefined;
}

/** The category ids a field's value holds (several comma-joined when the field is multiple). */
export const categoryIds = (f: FieldSchema, value: unknown): string[] => valueParts(value, !!viewInterface(f.view).multiple?.(f));

/** What the server found for one write: the other field's text, the scope and the chosen categories' codes. */
export interface BranchFacts {
  /** The other field's dictionary text; undefined when it is empty. */
  byText?: string;
  /** The branch named by that text, or undefined when none is (then the root's whole tree). */
  branch?: { code: string };
  /** The name of the root node (its code `rootCode`), for a refusal; undefined for the top categories. */
  rootName?: string;
  /** The code of each chosen category found; a missing id is not a category. */
  codes: ReadonlyMap<string, string>;
}

type Labels = { field: Pick<FieldSchema, 'label'>; by: Pick<FieldSchema, 'label'> };

export const branchMessages = {
  /** A category chosen before the field it follows. */
  first: (b: Labels) => `请先选择「${b.by.label}」，再选择「${b.field.label}」`,
  /** The chosen category lies outside the branch the other field names. */
  outside: (b: Labels, byText: string) => `「${b.field.label}」不属于${b.by.label}「${byText}」`,
  /** No branch named so: the category lies outside the root's tree, or is no category. */
  outsideRoot: (b: Pick<Labels, 'field'>, rootName?: string) => (rootName ? `「${b.field.label}」不属于「${rootName}」` : `「${b.field.label}」的值不是有效的分类`),
  /** The placeholder of the category field while the other field is empty. */
  placeholder: (b: Pick<Labels, 'by'>) => `请先选择${b.by.label}`,
};

/** Why the chosen categories do not fit the branch, or null (nothing chosen fits anything). */
export function branchProblem(b: CategoryBranch, ids: readonly string[], facts: BranchFacts): string | null {
  if (!ids.length) return null;
  if (facts.byText === undefined) return branchMessages.first(b);
  const scope = facts.branch?.code ?? b.rootCode;
  const fits = ids.every((id) => {
    const code = facts.codes.get(id);
    return code !== undefined && insideCode(code, scope);
  });
  if (fits) return null;
  return facts.branch ? branchMessages.outside(b, facts.byText) : branchMessages.outsideRoot(b, facts.rootName);
}

/**
 * Whether a write must be checked: on an add always; on an edit when it changes the category or
 * the field it follows (a row kept as it is stays editable around a tree changed since).
 */
export function branchTouched(b: CategoryBranch, values: Record<string, unknown>, current?: Record<string, unknown> | null): boolean {
  if (!current) return true;
  const changed = (name: string) => name in values && String(values[name] ?? '') !== String(current[name] ?? '');
  return changed(b.field.name) || changed(b.by.name);
}

/** The other field's value, or undefined when empty. */
export const branchKey = (v: unknown): string | undefined => (isEmptyValue(v) ? undefined : String(v));

/** A schema's `branchBy` settings that cannot work: the JSON path and the problem, or null. */
export function categoryBranchProblem(schema: Pick<PageSchema, 'fields'>): { path: string; problem: string } | null {
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  for (const [i, f] of schema.fields.entries()) {
    const name = f.extend?.branchBy;
    if (name === undefined) continue;
    const at = `/fields/${i}/extend/branchBy`;
    if (f.view !== 'cat_tree') return { path: at, problem: 'only a cat_tree field follows another field\'s branch' };
    if (typeof name !== 'string' || !byName.has(name)) return { path: at, problem: `field "${String(name)}" is not declared` };
    if (name === f.name) return { path: at, problem: 'a field cannot follow itself' };
    const by = byName.get(name)!;
    if (by.virtual || by.form === false) return { path: at, problem: `field "${name}" is not a column of the form` };
    if (!by.dict?.code || by.dict.table || viewInterface(by.view).multiple?.(by)) return { path: at, problem: `field "${name}" needs a code dictionary (dict.code) of single values: its text names the branch` };
  }
  return null;
}
