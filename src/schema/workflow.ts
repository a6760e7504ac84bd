import type { FieldSchema, PageSchema } from './types';

/**
 * A page's process: the states its rows move through and the transitions that move them. The
 * server is the only place a state changes (one `fire` path); the form never edits the state field.
 */
export interface WorkflowSchema {
  /** The column holding the state; its dictionary names the states. */
  field: string;
  /** The state a new row starts in. */
  initial: string;
  /** States in which the owner may still edit or delete the row (all when absent). */
  editable?: string[];
  /** Transitions, in the order their buttons show. */
  transitions: WorkflowTransition[];
}

/** What a transition writes into a field of the row as it fires. */
export type StampValue = 'now' | 'user' | 'opinion';

export interface WorkflowTransition {
  name: string;
  label: string;
  /** States the row may be in for the transition to fire. */
  from: string[];
  to: string;
  /** Button code the user must hold; `<page permission>:<name>` when absent. */
  permission?: string;
  /** Whether the user writes an opinion (意见): required, optional, or not asked (default). */
  opinion?: 'required' | 'optional';
  /** Fields written as it fires: the time, the user's account, the opinion. */
  stamp?: Record<string, StampValue>;
  /**
   * Who is told that the row moved, by a system message naming the row and linking to it: its owner
   * (creator), the account a user field of the row names, or every holder of a role (a new
   * submission tells the reviewers). One target or several.
   */
  notify?: NotifyTarget | NotifyTarget[];
  /** Asked before firing (when no opinion is asked). */
  confirm?: string;
  danger?: boolean;
  /** Offered on the selected rows too (one opinion for all). */
  batch?: boolean;
  /**
   * Fired only from the page's own panel, which knows when it may fire (a scoring sheet submits
   * itself once every item is scored): never a row, batch or 详情 button that would be refused.
   */
  panelOnly?: boolean;
  /**
   * Offered in the add and edit forms beside 保存草稿: the form saves the row and fires this
   * transition in one request (提交申报). Only for a transition without an opinion.
   */
  form?: boolean;
  /**
   * The rows waiting for this transition are someone's work, listed on their 工作台 under this
   * label: for whoever may fire it on them, or only the rows `for` names the user in (their own,
   * those a user field names them in) or for the holders of a role. Transitions with one label
   * on a page make one entry (a task's 开始 and 完成: 我的任务).
   */
  todo?: string | { label: string; for?: NotifyTarget };
}

export type NotifyTarget = 'owner' | { field: string } | { role: string };

/** A transition's 工作台 entry, or null when its waiting rows are nobody's work. */
export function todoOf(t: WorkflowTransition): { label: string; for?: NotifyTarget } | null {
  if (!t.todo) return null;
  return typeof t.todo === 'string' ? { label: t.todo } : t.todo;
}

/** A transition's notify targets as a list. */
export const notifyTargets = (t: WorkflowTransition): NotifyTarget[] => (t.notify === undefined ? [] : Array.isArray(t.notify) ? t.notify : [t.notify]);

/** The fields a workflow writes: its state and every stamped field. No body sets them; a detail shows them. */
export function workflowFields(schema: Pick<PageSchema, 'workflow'>): Set<string> {
  const wf = schema.workflow;
  return new Set(wf ? [wf.field, ...wf.transitions.flatMap((t) => Object.keys(t.stamp ?? {}))] : []);
}

/** The button code a transition needs. */
export function transitionPermission(schema: PageSchema, t: WorkflowTransition): string {
  return t.permission ?? `${schema.permission}:${t.name}`;
}

/** The transitions that may fire now on a row in `state`, for a user holding `held` button codes. */
export function availableTransitions(schema: PageSchema, state: unknown, held: (code: string) => boolean): WorkflowTransition[] {
  const wf = schema.workflow;
  if (!wf) return [];
  return wf.transitions.filter((t) => t.from.includes(String(state ?? '')) && held(transitionPermission(schema, t)));
}

/** Whether a row in `state` may still be edited or deleted through the page's own routes. */
export function editableIn(schema: PageSchema, state: unknown): boolean {
  const states = schema.workflow?.editable;
  return !states || states.includes(String(state ?? ''));
}

/** The problem with a page's workflow (a path under /workflow and what is wrong), or null. */
export function workflowProblem(schema: PageSchema): { path: string; problem: string } | null {
  const wf = schema.workflow;
  if (!wf) return null;
  const fields = new Map<string, FieldSchema>(schema.fields.map((f) => [f.name, f]));
  const state = fields.get(wf.field);
  if (!state || state.virtual) return { path: '/workflow/field', problem: `field "${wf.field}" is not a declared column` };
  if (state.type !== 'string') return { path: '/workflow/field', problem: `field "${wf.field}" must be of type "string" (it holds the state)` };
  if (state.form !== false) return { path: '/workflow/field', problem: `field "${wf.field}" must have form false: only transitions change the state` };
  if (!schema.permission && wf.transitions.some((t) => !t.permission)) {
    return { path: '/workflow/transitions', problem: 'a transition without its own permission needs the page\'s permission prefix' };
  }
  const names = new Set<string>();
  for (const [i, t] of wf.transitions.entries()) {
    const at = `/workflow/transitions/${i}`;
    if (names.has(t.name)) return { path: `${at}/name`, problem: `transition "${t.name}" is declared twice` };
    names.add(t.name);
    if (t.from.includes(t.to)) return { path: `${at}/to`, problem: 'a transition must leave its state' };
    for (const [name, what] of Object.entries(t.stamp ?? {})) {
      const f = fields.get(name);
      if (!f || f.virtual) return { path: `${at}/stamp/${name}`, problem: `field "${name}" is not a declared column` };
      if (name === wf.field) return { path: `${at}/stamp/${name}`, problem: 'the state is written by the transition itself' };
      const fits = what === 'now' ? ['datetime', 'string'].includes(f.type) : ['string', 'text'].includes(f.type);
      if (!fits) return { path: `${at}/stamp/${name}`, problem: `field "${name}" (${f.type}) cannot hold "${what}"` };
    }
    for (const [j, n] of notifyTargets(t).entries()) {
      if (typeof n === 'object' && 'field' in n && (!fields.get(n.field) || fields.get(n.field)!.virtual)) {
        return { path: `${at}/notify${Array.isArray(t.notify) ? `/${j}` : ''}/field`, problem: `field "${n.field}" is not a declared column` };
      }
    }
    const todoFor = todoOf(t)?.for;
    if (todoFor && typeof todoFor === 'object' && 'field' in todoFor && (!fields.get(todoFor.field) || fields.get(todoFor.field)!.virtual)) {
      return { path: `${at}/todo/for/field`, problem: `field "${todoFor.field}" is not a declared column` };
    }
    if (t.stamp && Object.values(t.stamp).includes('opinion') && !t.opinion) {
      return { path: `${at}/stamp`, problem: 'stamps the opinion but asks for none' };
    }
  }
  return null;
}
