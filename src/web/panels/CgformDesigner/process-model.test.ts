import { describe, expect, it } from 'vitest';
import { processProblems } from '../../../schema/cgform-process';
import {
  addTransition, approvalTemplate, columnsOf, diagram, importedProcess, notifyOf, notifyValue, processForSave, removeState, removeTransition,
  setRoles, stampChoices, stampOf, updateState, updateTransition,
} from './process-model';

const columns = columnsOf([
  { dbFieldName: 'id' }, { dbFieldName: 'create_time', dbType: 'Datetime' },
  { dbFieldName: 'patent_name', dbFieldTxt: '专利名称' }, { dbFieldName: 'reviewed_at', dbFieldTxt: '审核时间', dbType: 'Datetime' },
  { dbFieldName: 'amount', dbFieldTxt: '金额', dbType: 'int' },
]);

describe('process model of the designer', () => {
  it('reads the form’s own columns by their schema names', () => {
    expect(columns.map((c) => [c.name, c.type])).toEqual([['patentName', 'string'], ['reviewedAt', 'datetime'], ['amount', 'int']]);
  });

  it('starts a newcomer from a sound approval', () => {
    expect(processProblems(approvalTemplate(), { fields: columns })).toEqual([]);
  });

  it('renames a state everywhere it is named, remembering the code it had', () => {
    const p = updateState(approvalTemplate(), 3, { value: 'sent_back' });
    expect(p.states[3]).toMatchObject({ value: 'sent_back', was: 'returned' });
    expect(p.workflow.editable).toEqual(['draft', 'sent_back']);
    expect(p.workflow.transitions.map((t) => [t.from, t.to])).toEqual([[['draft', 'sent_back'], 'pending'], [['pending'], 'passed'], [['pending'], 'sent_back']]);
    // renamed twice before a sync: still moves the rows of the code in force
    expect(updateState(p, 3, { value: 'back' }).states[3]).toMatchObject({ value: 'back', was: 'returned' });
    // back to its own code: nothing to move
    expect(processForSave(updateState(p, 3, { value: 'returned' })).states[3]).not.toHaveProperty('was');
  });

  it('removes a state and what names it; the problems then say what is missing', () => {
    const p = removeState(approvalTemplate(), 1);
    expect(p.workflow.transitions.map((t) => t.to)).toEqual(['', 'passed', 'returned']);
    expect(processProblems(p, { fields: columns }).map((x) => x.row)).toContain('流转第1行「提交」');
  });

  it('keeps a transition’s roles with it when its code changes, and drops them with it', () => {
    let p = setRoles(approvalTemplate(), 'pass', ['reviewer']);
    p = updateTransition(p, 1, { name: 'approve' });
    expect(p.roles).toEqual({ approve: ['reviewer'] });
    expect(removeTransition(p, 1).roles).toEqual({});
    expect(addTransition(p).workflow.transitions.at(-1)).toEqual({ name: 't4', label: '', from: [], to: '' });
  });

  it('offers stamps a column can hold, and notices as one picker', () => {
    expect(stampChoices(columns, 'state').map((c) => c.value)).toEqual(['patentName=now', 'patentName=user', 'patentName=opinion', 'reviewedAt=now']);
    expect(stampOf(['reviewedAt=now', 'patentName=opinion'])).toEqual({ reviewedAt: 'now', patentName: 'opinion' });
    expect(stampOf([])).toBeUndefined();
    const notify = notifyOf(['owner', 'role:reviewer', 'field:patentName']);
    expect(notify).toEqual(['owner', { role: 'reviewer' }, { field: 'patentName' }]);
    expect(notifyValue({ name: 'x', label: 'x', from: [], to: '', notify })).toEqual(['owner', 'role:reviewer', 'field:patentName']);
    expect(notifyOf(['owner'])).toBe('owner');
  });

  it('imports an exported design, and says what is wrong with another file', () => {
    const p = approvalTemplate();
    expect(importedProcess(JSON.stringify({ process: p }))).toEqual(p);
    expect(importedProcess(JSON.stringify(p))).toEqual(p);
    expect(() => importedProcess('{')).toThrow('文件不是JSON');
    expect(() => importedProcess('{"a":1}')).toThrow('文件中没有流程设计');
  });

  it('lays the diagram out by distance from the initial state', () => {
    const { nodes, edges } = diagram(approvalTemplate());
    const col = (v: string) => nodes.find((n) => n.value === v)!.x;
    expect(col('draft')).toBeLessThan(col('pending'));
    expect(col('passed')).toBe(col('returned'));
    expect(edges).toHaveLength(4);
    expect(nodes.find((n) => n.value === 'draft')!.initial).toBe(true);
  });
});
