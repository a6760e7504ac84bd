import type { PageSchema } from '../../../schema/types';

/** A task page with a workflow (the shape of schemas/pms/pms_task.json, plus a batch and a danger transition). */
export const taskSchema: PageSchema = {
  code: 'demo_task', title: '任务', table: 'demo_task', api: '/demo/task', permission: 'demo:task',
  fields: [
    { name: 'title', label: '任务名称', type: 'string', list: true },
    { name: 'state', label: '状态', type: 'string', form: false, list: true, view: 'list', dict: { code: 'task_state' } },
  ],
  workflow: {
    field: 'state',
    initial: 'todo',
    editable: ['todo'],
    transitions: [
      { name: 'start', label: '开始', from: ['todo'], to: 'doing', batch: true },
      { name: 'finish', label: '完成', from: ['doing'], to: 'done', opinion: 'optional' },
      { name: 'reopen', label: '重新打开', from: ['done'], to: 'doing', opinion: 'required' },
      { name: 'cancel', label: '作废', from: ['todo', 'doing'], to: 'void', danger: true, batch: true, confirm: '作废后不能恢复，确定吗？', permission: 'demo:task:void' },
    ],
  },
};
