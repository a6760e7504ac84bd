import { describe, expect, it, vi } from 'vitest';
import { batchTransitions, confirmText, fireBody, rowEditable, transitionLinks } from './transitions';
import { taskSchema } from './fixture';

const all = () => true;
const names = (ts: { name: string }[]) => ts.map((t) => t.name);
const [start, finish, , cancel] = taskSchema.workflow!.transitions;

describe('workflow transitions of a row', () => {
  it('links the transitions that may fire from the row state and that the user holds, beside the first link', () => {
    const fire = vi.fn();
    const links = transitionLinks(taskSchema, { id: 'a', state: 'todo' }, all, fire);
    expect(links.map((l) => [l.label, l.inline, !!l.danger])).toEqual([['开始', true, false], ['作废', true, true]]);
    links[0].onClick();
    expect(fire).toHaveBeenCalledWith(start, [{ id: 'a', state: 'todo' }]);
    expect(transitionLinks(taskSchema, { id: 'a', state: 'todo' }, (code) => code === 'demo:task:start', fire).map((l) => l.label)).toEqual(['开始']);
    expect(transitionLinks(taskSchema, { id: 'a', state: 'doing' }, all, fire).map((l) => l.label)).toEqual(['完成', '作废']);
    expect(transitionLinks({ ...taskSchema, workflow: undefined }, { id: 'a', state: 'todo' }, all, fire)).toEqual([]);
  });

  it('never offers as a button a transition only its panel fires (提交评分 of an unscored sheet would be refused)', () => {
    const sheet = { ...taskSchema, workflow: { ...taskSchema.workflow!, transitions: taskSchema.workflow!.transitions.map((t) => (t.name === 'start' ? { ...t, panelOnly: true } : t)) } };
    expect(transitionLinks(sheet, { id: 'a', state: 'todo' }, all, vi.fn()).map((l) => l.label)).toEqual(['作废']);
    expect(names(batchTransitions(sheet, [{ id: 'a', state: 'todo' }], all))).toEqual(['cancel']);
  });

  it('edits and deletes only rows in an editable state (all rows when none are declared)', () => {
    expect(rowEditable(taskSchema, { state: 'todo' })).toBe(true);
    expect(rowEditable(taskSchema, { state: 'doing' })).toBe(false);
    expect(rowEditable({ ...taskSchema, workflow: { ...taskSchema.workflow!, editable: undefined } }, { state: 'done' })).toBe(true);
    expect(rowEditable({ ...taskSchema, workflow: undefined }, {})).toBe(true);
  });

  it('offers a batch transition only when every selected row may take it', () => {
    const todo = { id: 'a', state: 'todo' };
    const doing = { id: 'b', state: 'doing' };
    expect(names(batchTransitions(taskSchema, [todo, { id: 'c', state: 'todo' }], all))).toEqual(['start', 'cancel']);
    expect(names(batchTransitions(taskSchema, [todo, doing], all))).toEqual(['cancel']);
    expect(names(batchTransitions(taskSchema, [todo, doing], (code) => code !== 'demo:task:void'))).toEqual([]);
    expect(batchTransitions(taskSchema, [todo, undefined], all)).toEqual([]);
    expect(batchTransitions(taskSchema, [], all)).toEqual([]);
  });

  it('sends the rows, the opinion and the state they were seen in', () => {
    expect(fireBody(taskSchema, finish, [{ id: 'a', state: 'doing' }], '做完了')).toEqual({ id: 'a', transition: 'finish', opinion: '做完了', fromState: 'doing' });
    expect(fireBody(taskSchema, start, [{ id: 'a', state: 'todo' }, { id: 'b', state: 'todo' }])).toEqual({ ids: 'a,b', transition: 'start', fromState: 'todo' });
    // rows in different states: each is checked against the transition's from states on the server
    expect(fireBody(taskSchema, cancel, [{ id: 'a', state: 'todo' }, { id: 'b', state: 'doing' }])).toEqual({ ids: 'a,b', transition: 'cancel' });
  });

  it('asks the declared confirm text, or whether to do it', () => {
    expect(confirmText(start, 1)).toBe('确定开始吗？');
    expect(confirmText(start, 3)).toBe('确定开始选中的 3 条数据吗？');
    expect(confirmText(cancel, 1)).toBe('作废后不能恢复，确定吗？');
  });
});
