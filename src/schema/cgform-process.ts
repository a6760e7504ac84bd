import type { RowRule } from './row-rules';
import type { FieldSchema, PageSchema } from './types';
import type { WorkflowSchema } from './workflow';

/**
 * The process an administrator designs for an online form (issue 38): its states with their labels
 * and colours, the workflow and row rules in the language of `schemas/*.json`, the record's title,
 * and the roles that may fire each transition. `processToSchema` puts it into the form's page
 * schema, which the engine then runs as it runs a schema file; `processProblems` is the designer's
 * check, run by the browser as the design is edited and by the server when it is saved.
 */
export interface ProcessState {
  /** The stored value (a code). */
  value: string;
  label: string;
  /** A CSS colour for the diagram and the state tag. */
  color?: string;
  /** A row may stay here for good (通过, 已退回): no transition needs to leave it. */
  final?: boolean;
  /** The value this state had in the process in force: a sync moves its rows to the new value. */
  was?: string;
}

export interface ProcessDesign {
  states: ProcessState[];
  workflow: WorkflowSchema;
  rowRules?: RowRule[];
  record?: { noun: string; title: string };
  /** Per transition name, the role codes whose holders get its button with the form's menu. */
  roles?: Record<string, string[]>;
}

/** A problem, naming the designer's tab and row. */
export interface ProcessProblem { tab: '流程' | '数据权限'; row?: string; message: string }

export const STATE_VALUE = /^[a-zA-Z0-9_]{1,32}$/;
export const TRANSITION_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,31}$/;
/** The column a process keeps its state in when the design names none. */
export const DEFAULT_STATE_FIELD = 'state';

/** The dictionary holding the states' labels: the state column shows them as any dictionary field does. */
export const stateDictCode = (table: string) => `online_${table}_state`;

/** "流程 · 流转第2行「通过」：…" */
export function problemText(p: ProcessProblem): string {
  return `${p.tab}${p.row ? ` · ${p.row}` : ''}：${p.message}`;
}

interface Known {
  /** The form's columns (schema names, camelCase) with their type and view. */
  fields: Pick<FieldSchema, 'name' | 'label' | 'type' | 'view'>[];
  /** The role codes that exist, or undefined when not known (then roles are not checked). */
  roles?: Set<string>;
  /** Declared tables and their columns (schema names), for a rule's relation. */
  tables?: (table: string) => Set<string> | undefined;
}

/** Every problem of a process design, in the order of the tabs and their rows. */
export function processProblems(p: ProcessDesign, known: Known): ProcessProblem[] {
  const out: ProcessProblem[] = [];
  const flow = (row: string | undefined, message: string) => out.push({ tab: '流程', row, message });
  const wf = p.workflow;
  const states = new Map<string, ProcessState>();
  const label = (v: string) => (states.get(v) ? `「${states.get(v)!.label}」` : `「${v}」`);
  if (!p.states?.length) flow(undefined, '至少需要一个状态');
  for (const [i, s] of (p.states ?? []).entries()) {
    const at = `状态第${i + 1}行`;
    if (!s.value || !STATE_VALUE.test(s.value)) flow(at, `编码「${s.value ?? ''}」只能用字母、数字和下划线（1-32位）`);
    else if (states.has(s.value)) flow(at, `编码「${s.value}」重复`);
    if (!s.label?.trim()) flow(at, '名称不能为空');
    if (s.value) states.set(s.value, s);
  }
  const columns = new Map(known.fields.map((f) => [f.name, f]));
  const stateField = columns.get(wf.field);
  if (stateField && stateField.type !== 'string') flow('状态字段', `字段「${stateField.label}」不是文本类型，不能存放状态`);
  if (!wf.initial) flow('初始状态', '请选择初始状态');
  else if (!states.has(wf.initial)) flow('初始状态', `状态「${wf.initial}」不存在`);
  for (const e of wf.editable ?? []) if (!states.has(e)) flow('可编辑状态', `状态「${e}」不存在`);
  if (!wf.transitions?.length) flow(undefined, '至少需要一个流转');
  const names = new Set<string>();
  for (const [i, t] of (wf.transitions ?? []).entries()) {
    const at = `流转第${i + 1}行${t.label ? `「${t.label}」` : ''}`;
    if (!t.name || !TRANSITION_NAME.test(t.name)) flow(at, `编码「${t.name ?? ''}」需以字母开头，只含字母、数字和下划线`);
    else if (names.has(t.name)) flow(at, `编码「${t.name}」重复`);
    names.add(t.name);
    if (!t.label?.trim()) flow(at, '名称不能为空');
    if (!t.from?.length) flow(at, '请选择起始状态');
    for (const f of t.from ?? []) if (!states.has(f)) flow(at, `起始状态「${f}」不存在`);
    if (!t.to) flow(at, '请选择目标状态');
    else if (!states.has(t.to)) flow(at, `目标状态「${t.to}」不存在`);
    else if (t.from?.includes(t.to)) flow(at, `目标状态${label(t.to)}不能同时是起始状态`);
    for (const [name, what] of Object.entries(t.stamp ?? {})) {
      const f = columns.get(name);
      if (!f) flow(at, `记录字段「${name}」不在表单字段中`);
      else if (name === wf.field) flow(at, '状态字段由流转本身写入，不能再记录');
      else if (what === 'now' ? !['datetime', 'string'].includes(f.type) : !['string', 'text'].includes(f.type)) {
        flow(at, `字段「${f.label}」不能记录${what === 'now' ? '时间' : what === 'user' ? '处理人' : '意见'}`);
      }
      if (what === 'opinion' && !t.opinion) flow(at, `记录意见到「${f?.label ?? name}」需要先要求填写意见`);
    }
    for (const n of [t.notify ?? []].flat()) {
      if (n === 'owner') continue;
      if (!n || typeof n !== 'object') flow(at, '通知对象只能是创建人、用户字段或角色');
      else if ('field' in n && !columns.has(n.field)) flow(at, `通知的用户字段「${n.field}」不在表单字段中`);
      else if ('role' in n && known.roles && !known.roles.has(n.role)) flow(at, `通知的角色「${n.role}」不存在`);
    }
    for (const r of p.roles?.[t.name] ?? []) if (known.roles && !known.roles.has(r)) flow(at, `角色「${r}」不存在`);
  }
  // Every state a row can be in has a way on, unless it is final; every state but the first is reached.
  for (const [i, s] of (p.states ?? []).entries()) {
    const at = `状态第${i + 1}行${s.label ? `「${s.label}」` : ''}`;
    const leaves = wf.transitions?.some((t) => t.from?.includes(s.value));
    const enters = s.value === wf.initial || wf.transitions?.some((t) => t.to === s.value);
    if (!s.final && !leaves) flow(at, '不是结束状态，却没有流转可以离开它（勾选“结束”或添加流转）');
    if (!enters) flow(at, '没有流转可以到达它');
  }
  for (const [i, r] of (p.rowRules ?? []).entries()) {
    const rule = (message: string) => out.push({ tab: '数据权限', row: `第${i + 1}行${r.role ? `「${r.role}」` : ''}`, message });
    if (!r.role) rule('请选择角色');
    else if (known.roles && !known.roles.has(r.role)) rule(`角色「${r.role}」不存在`);
    else if (r.role === 'admin') rule('管理员角色可见全部数据，不需要规则');
    if (!r.own && !r.field && !r.via && !r.department && !r.states?.length) rule('至少选择一个条件（本人创建、本部门、用户字段、关联表或状态）');
    if (r.field && !columns.has(r.field)) rule(`用户字段「${r.field}」不在表单字段中`);
    for (const s of r.states ?? []) if (!states.has(s)) rule(`状态「${s}」不存在`);
    if (r.reach && !r.reach.includes('read')) rule('能流转或修改的数据也必须能查看');
    if (r.via) {
      const cols = known.tables?.(r.via.table);
      if (known.tables && !cols) rule(`关联表「${r.via.table}」不存在`);
      for (const k of ['row', 'user'] as const) if (cols && !cols.has(r.via[k])) rule(`关联表没有字段「${r.via[k]}」`);
    }
  }
  if (p.record?.title && !columns.has(p.record.title)) flow('记录标题', `字段「${p.record.title}」不在表单字段中`);
  return out;
}

/**
 * The page schema with the process in it: the state column (added when the form has none; shown in
 * the list and the query bar, never in the form), its dictionary, the workflow, row rules and record.
 */
export function processToSchema(schema: PageSchema, p: ProcessDesign): PageSchema {
  const field = p.workflow.field || DEFAULT_STATE_FIELD;
  const dict = { code: stateDictCode(schema.table) };
  const given = schema.fields.find((f) => f.name === field);
  const state: FieldSchema = given
    ? { ...given, form: false, view: 'list', dict, length: Math.max(given.length ?? 0, 32) }
    : { name: field, label: '状态', type: 'string', length: 32, form: false, list: true, query: 'single', view: 'list', dict, index: true };
  const fields = given ? schema.fields.map((f) => (f === given ? state : f)) : [...schema.fields, state];
  const out: PageSchema = { ...schema, fields, workflow: { ...p.workflow, field } };
  if (!p.workflow.editable?.length) delete out.workflow!.editable;
  if (p.rowRules?.length) out.rowRules = p.rowRules;
  if (p.record?.title) out.record = { noun: p.record.noun || schema.title.slice(0, 10), title: p.record.title };
  return out;
}

/** The states a workflow names (initial, editable, every from and to). */
export function statesOf(wf: WorkflowSchema | undefined): Set<string> {
  if (!wf) return new Set();
  return new Set([wf.initial, ...(wf.editable ?? []), ...wf.transitions.flatMap((t) => [...t.from, t.to])]);
}

/**
 * A meta-schema or schema-check problem of the compiled page, said as the designer's tab and row
 * (`/workflow/transitions/1/to` → 流程 · 流转第2行), or null for a path outside the process.
 */
export function schemaPathProblem(path: string, problem: string): string | null {
  const t = /^\/workflow\/transitions\/(\d+)/.exec(path);
  if (t) return problemText({ tab: '流程', row: `流转第${Number(t[1]) + 1}行`, message: problem });
  const r = /^\/rowRules\/(\d+)/.exec(path);
  if (r) return problemText({ tab: '数据权限', row: `第${Number(r[1]) + 1}行`, message: problem });
  if (path.startsWith('/workflow')) return problemText({ tab: '流程', message: problem });
  if (path.startsWith('/record')) return problemText({ tab: '流程', row: '记录标题', message: problem });
  return null;
}
