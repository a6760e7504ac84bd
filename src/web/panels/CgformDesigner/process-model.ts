import type { DesignField } from '../../../schema/cgform';
import { DEFAULT_STATE_FIELD, type ProcessDesign, type ProcessState } from '../../../schema/cgform-process';
import type { RowRule } from '../../../schema/row-rules';
import type { ColumnType, ViewType } from '../../../schema/types';
import type { NotifyTarget, StampValue, WorkflowTransition } from '../../../schema/workflow';

/** The designer's 流程 and 数据权限 tabs: pure edits of a process design, and what their pickers offer. */

export interface Column { name: string; label: string; type: ColumnType; view?: ViewType }
export interface RoleOption { roleCode: string; roleName: string }

const TYPES: Record<string, ColumnType> = {
  string: 'string', int: 'int', integer: 'int', double: 'double', long: 'long', date: 'date', datetime: 'datetime',
  bigdecimal: 'decimal', decimal: 'decimal', text: 'text', longtext: 'text', blob: 'blob', time: 'time',
};
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const SYSTEM = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);

/** The form's own columns as the process names them (schema names), from the field grid. */
export function columnsOf(fields: (DesignField | undefined)[]): Column[] {
  return fields.filter((f): f is DesignField => !!f?.dbFieldName?.trim() && !SYSTEM.has(f.dbFieldName.trim()))
    .map((f) => ({ name: camel(f.dbFieldName.trim().toLowerCase()), label: f.dbFieldTxt?.trim() || f.dbFieldName, type: TYPES[(f.dbType ?? 'string').toLowerCase()] ?? 'string', view: f.fieldShowType as ViewType }));
}

export const COLORS = ['#8c8c8c', '#1677ff', '#52c41a', '#ff4d4f', '#faad14', '#722ed1', '#13c2c2', '#eb2f96'];

/** A process a newcomer starts from: 草稿 → 待审核 → 已通过 / 已退回, with 提交, 通过 and 退回. */
export function approvalTemplate(): ProcessDesign {
  return {
    states: [
      { value: 'draft', label: '草稿', color: COLORS[0] },
      { value: 'pending', label: '待审核', color: COLORS[1] },
      { value: 'passed', label: '已通过', color: COLORS[2], final: true },
      { value: 'returned', label: '已退回', color: COLORS[3] },
    ],
    workflow: {
      field: DEFAULT_STATE_FIELD, initial: 'draft', editable: ['draft', 'returned'],
      transitions: [
        { name: 'submit', label: '提交', from: ['draft', 'returned'], to: 'pending' },
        { name: 'pass', label: '通过', from: ['pending'], to: 'passed', opinion: 'optional', notify: 'owner' },
        { name: 'reject', label: '退回', from: ['pending'], to: 'returned', opinion: 'required', notify: 'owner', danger: true },
      ],
    },
    rowRules: [],
    roles: {},
  };
}

/** An empty process: one state, no transition yet. */
export function blankProcess(): ProcessDesign {
  return { states: [{ value: 'draft', label: '草稿', color: COLORS[0] }], workflow: { field: DEFAULT_STATE_FIELD, initial: 'draft', editable: ['draft'], transitions: [] }, rowRules: [], roles: {} };
}

/** A code not used yet: `s3`, `t2`… */
export function freeCode(prefix: string, taken: string[]): string {
  for (let i = taken.length + 1; ; i++) if (!taken.includes(`${prefix}${i}`)) return `${prefix}${i}`;
}

export function addState(p: ProcessDesign): ProcessDesign {
  const value = freeCode('s', p.states.map((s) => s.value));
  return { ...p, states: [...p.states, { value, label: '', color: COLORS[p.states.length % COLORS.length] }] };
}

const swap = (list: string[] | undefined, from: string, to: string) => list?.map((v) => (v === from ? to : v));

/**
 * A state's code changed: every place naming it follows, and a state in force remembers the code it
 * had (`was`), so the sync moves its rows.
 */
export function renameState(p: ProcessDesign, at: number, value: string): ProcessDesign {
  const old = p.states[at].value;
  if (old === value) return p;
  const states = p.states.map((s, i) => (i === at ? { ...s, value, was: s.was ?? old } : s));
  const wf = p.workflow;
  return {
    ...p, states,
    workflow: {
      ...wf, initial: wf.initial === old ? value : wf.initial, editable: swap(wf.editable, old, value),
      transitions: wf.transitions.map((t) => ({ ...t, from: swap(t.from, old, value)!, to: t.to === old ? value : t.to })),
    },
    rowRules: p.rowRules?.map((r) => (r.states ? { ...r, states: swap(r.states, old, value) } : r)),
  };
}

export function updateState(p: ProcessDesign, at: number, change: Partial<ProcessState>): ProcessDesign {
  const next = change.value !== undefined ? renameState(p, at, change.value) : p;
  const { value: _v, ...rest } = change;
  return { ...next, states: next.states.map((s, i) => (i === at ? { ...s, ...rest } : s)) };
}

/** A state removed, and with it every mention (a transition left without a from state shows as a problem). */
export function removeState(p: ProcessDesign, at: number): ProcessDesign {
  const gone = p.states[at].value;
  const wf = p.workflow;
  return {
    ...p, states: p.states.filter((_, i) => i !== at),
    workflow: {
      ...wf, initial: wf.initial === gone ? '' : wf.initial, editable: wf.editable?.filter((v) => v !== gone),
      transitions: wf.transitions.map((t) => ({ ...t, from: t.from.filter((v) => v !== gone), to: t.to === gone ? '' : t.to })),
    },
    rowRules: p.rowRules?.map((r) => (r.states ? { ...r, states: r.states.filter((v) => v !== gone) } : r)),
  };
}

export function addTransition(p: ProcessDesign): ProcessDesign {
  const name = freeCode('t', p.workflow.transitions.map((t) => t.name));
  return { ...p, workflow: { ...p.workflow, transitions: [...p.workflow.transitions, { name, label: '', from: [], to: '' }] } };
}

/** A transition changed; a new code carries its roles along. */
export function updateTransition(p: ProcessDesign, at: number, change: Partial<WorkflowTransition>): ProcessDesign {
  const old = p.workflow.transitions[at];
  const t: WorkflowTransition = { ...old, ...change };
  for (const k of Object.keys(change) as (keyof WorkflowTransition)[]) if (change[k] === undefined) delete t[k];
  const roles = { ...p.roles };
  if (change.name !== undefined && change.name !== old.name && roles[old.name]) { roles[change.name] = roles[old.name]; delete roles[old.name]; }
  return { ...p, roles, workflow: { ...p.workflow, transitions: p.workflow.transitions.map((x, i) => (i === at ? t : x)) } };
}

export function removeTransition(p: ProcessDesign, at: number): ProcessDesign {
  const gone = p.workflow.transitions[at].name;
  const roles = { ...p.roles };
  delete roles[gone];
  return { ...p, roles, workflow: { ...p.workflow, transitions: p.workflow.transitions.filter((_, i) => i !== at) } };
}

export const setRoles = (p: ProcessDesign, name: string, codes: string[]): ProcessDesign => ({ ...p, roles: { ...p.roles, [name]: codes } });

export function updateRule(p: ProcessDesign, at: number, change: Partial<RowRule>): ProcessDesign {
  return {
    ...p, rowRules: (p.rowRules ?? []).map((r, i) => {
      if (i !== at) return r;
      const next: RowRule = { ...r, ...change };
      for (const k of Object.keys(change) as (keyof RowRule)[]) if (change[k] === undefined || change[k] === false || (Array.isArray(change[k]) && !(change[k] as unknown[]).length)) delete next[k];
      return next;
    }),
  };
}

/** 记录字段: each (field, what) a transition may stamp, as one choice `field=what`, where the column can hold it. */
export function stampChoices(columns: Column[], stateField: string): { value: string; label: string }[] {
  const what: [StampValue, string, ColumnType[]][] = [['now', '处理时间', ['datetime', 'string']], ['user', '处理人', ['string', 'text']], ['opinion', '意见', ['string', 'text']]];
  return columns.filter((c) => c.name !== stateField).flatMap((c) => what.filter(([, , types]) => types.includes(c.type)).map(([w, label]) => ({ value: `${c.name}=${w}`, label: `${c.label} ← ${label}` })));
}

export const stampValue = (stamp: Record<string, StampValue> | undefined): string[] => Object.entries(stamp ?? {}).map(([f, w]) => `${f}=${w}`);

/** Picked `field=what` choices as a stamp (one per field: the last picked wins). */
export function stampOf(picked: string[]): Record<string, StampValue> | undefined {
  const out: Record<string, StampValue> = {};
  for (const p of picked) { const [f, w] = p.split('='); out[f] = w as StampValue; }
  return Object.keys(out).length ? out : undefined;
}

/** 通知: the owner, a user field of the row, or a role's holders, as one picker. */
export function notifyChoices(columns: Column[], roles: RoleOption[]): { value: string; label: string }[] {
  return [
    { value: 'owner', label: '创建人' },
    ...columns.filter((c) => c.type === 'string' || c.type === 'text').map((c) => ({ value: `field:${c.name}`, label: `用户字段：${c.label}` })),
    ...roles.map((r) => ({ value: `role:${r.roleCode}`, label: `角色：${r.roleName}` })),
  ];
}

export const notifyValue = (t: WorkflowTransition): string[] => [t.notify ?? []].flat().map((n) => (n === 'owner' ? 'owner' : 'field' in n ? `field:${n.field}` : `role:${n.role}`));

export function notifyOf(picked: string[]): WorkflowTransition['notify'] {
  const targets: NotifyTarget[] = picked.map((v) => (v === 'owner' ? 'owner' : v.startsWith('field:') ? { field: v.slice(6) } : { role: v.slice(5) }));
  return targets.length === 0 ? undefined : targets.length === 1 ? targets[0] : targets;
}

/** The process as saved: a `was` equal to the code dropped, empty lists and rule sets left out. */
export function processForSave(p: ProcessDesign): ProcessDesign {
  const out: ProcessDesign = {
    ...p,
    states: p.states.map(({ was, ...s }) => (was && was !== s.value ? { ...s, was } : s)),
    roles: Object.fromEntries(Object.entries(p.roles ?? {}).filter(([name, codes]) => codes.length > 0 && p.workflow.transitions.some((t) => t.name === name))),
  };
  if (!out.rowRules?.length) delete out.rowRules;
  if (!out.record?.title) delete out.record;
  return out;
}

/** An imported design file: a process, or an export of one (`{ process }`). */
export function importedProcess(text: string): ProcessDesign {
  let v: unknown;
  try { v = JSON.parse(text); } catch { throw new Error('文件不是JSON'); }
  const p = (v && typeof v === 'object' && 'process' in v ? (v as { process: unknown }).process : v) as ProcessDesign;
  if (!p || typeof p !== 'object' || !Array.isArray(p.states) || !p.workflow || !Array.isArray(p.workflow.transitions)) throw new Error('文件中没有流程设计（states、workflow）');
  return p;
}

export interface DiagramNode { value: string; label: string; color: string; x: number; y: number; initial: boolean; final: boolean }
export interface DiagramEdge { from: string; to: string; label: string }

/** The state diagram's layout: columns by distance from the initial state, rows in design order. */
export function diagram(p: ProcessDesign, box = { w: 96, h: 36, gapX: 64, gapY: 28 }): { nodes: DiagramNode[]; edges: DiagramEdge[]; width: number; height: number } {
  const depth = new Map<string, number>();
  const start = p.workflow.initial || p.states[0]?.value;
  if (start) depth.set(start, 0);
  for (let changed = true; changed;) {
    changed = false;
    for (const t of p.workflow.transitions) {
      const d = Math.min(...t.from.map((f) => depth.get(f) ?? Infinity));
      if (Number.isFinite(d) && t.to && (depth.get(t.to) ?? Infinity) > d + 1) { depth.set(t.to, d + 1); changed = true; }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  const rows = new Map<number, number>();
  const nodes = p.states.map((s, i) => {
    const col = depth.get(s.value) ?? maxDepth + 1;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    return { value: s.value, label: s.label || s.value, color: s.color || COLORS[i % COLORS.length], x: 8 + col * (box.w + box.gapX), y: 8 + row * (box.h + box.gapY), initial: s.value === p.workflow.initial, final: !!s.final };
  });
  const edges = p.workflow.transitions.filter((t) => t.to).flatMap((t) => t.from.map((f) => ({ from: f, to: t.to, label: t.label || t.name })));
  const width = Math.max(...nodes.map((n) => n.x + box.w), 0) + 8;
  const height = Math.max(...nodes.map((n) => n.y + box.h), 0) + 8;
  return { nodes, edges, width, height };
}
