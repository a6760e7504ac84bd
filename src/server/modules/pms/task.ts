import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { notifyUsers } from '../announcement/notify.js';
import { recordLink } from '../announcement/record-notice.js';

const TABLE = 'pms_task';
/** An edit's changes → the task as it will be, when the edit hands it to someone else. */
const reassigned = new WeakMap<Row, Row>();

/** The assignee of a task hears of it (bell, 我的消息, live) unless they handed it to themself. */
async function tellAssignee(h: HookContext, task: Row): Promise<void> {
  const assignee = typeof task.assignee === 'string' ? task.assignee : '';
  if (!assignee || assignee === h.user.username) return;
  const title = `新任务：${String(task.title ?? '')}`;
  const schema = h.ctx.schemas.get(TABLE);
  await notifyUsers(h.db, {
    usernames: [assignee], title, sender: h.user.username, busType: TABLE, busId: typeof task.id === 'string' ? task.id : undefined,
    openPage: schema && task.id ? await recordLink(h.db, schema, { username: assignee }, task) : null,
    content: `${h.user.realname || h.user.username}交给您一项任务「${String(task.title ?? '')}」${task.deadline ? `，截止日期 ${String(task.deadline).slice(0, 10)}` : ''}，请在「任务管理」中查看。`,
  });
}

/** 任务管理 (schemas/pms/pms_task.json): a task added for someone, or handed to someone else, is announced to them. */
export const taskModule: SchemaModule = {
  schema: TABLE,
  hooks: {
    async afterAdd(h, values) {
      await tellAssignee(h, values);
    },
    async beforeEdit(_h, changes, _body, current) {
      // Only a change of hands is news: remember it for afterEdit.
      if ('assignee' in changes && changes.assignee !== current.assignee) reassigned.set(changes, { ...current, ...changes });
    },
    async afterEdit(h, _id, changes) {
      const task = reassigned.get(changes);
      if (task) await tellAssignee(h, task);
    },
  },
};
