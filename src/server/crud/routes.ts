import type { PageSchema } from '../../schema/types.js';
import { deleteAction, deleteBatchAction } from './actions/delete.js';
import { exportAction } from './actions/export.js';
import { importAction } from './actions/import.js';
import { listAction } from './actions/list.js';
import { queryByIdAction } from './actions/read.js';
import { subListAction } from './actions/sub.js';
import { childListAction, childListBatchAction } from './actions/tree.js';
import { addAction, editAction } from './actions/write.js';
import type { CrudHooks } from './hooks.js';
import { compilePage } from './plan.js';
import type { CrudRegistrar } from './registrar.js';
import { workflowRoutes } from './workflow.js';

/**
 * The JeecgBoot CRUD contract for one page schema, under its `api` path. The page is compiled once
 * (plan.ts: columns, validators, dictionaries, access decision, hooks, statement cache), and each
 * path is one action of that plan (actions/*.ts; the rules they share are in actions/common.ts).
 * Tree pages also list their roots and children; main pages read their sub rows; a page with a
 * workflow fires transitions and reads its history (workflow.ts).
 */
export function crudRoutes(schema: PageSchema, moduleHooks: CrudHooks = {}) {
  return async (app: CrudRegistrar) => {
    const plan = compilePage(app.ctx, schema, moduleHooks);
    const base = schema.api;
    // Declared in the order the route inventory (API document, authorization matrix) has always listed them.
    const list = listAction(plan);
    app.get(`${base}/list`, list);
    if (plan.tree) {
      app.get(`${base}/rootList`, list);
      app.get(`${base}/childList`, childListAction(plan));
      app.get(`${base}/getChildListBatch`, childListBatchAction(plan));
    }
    if (plan.subs) app.get(`${base}/subList/:subCode`, subListAction(plan));
    if (schema.workflow) workflowRoutes(app, schema, { access: plan.access, beforeTransition: plan.hooks.beforeTransition, afterTransition: plan.hooks.afterTransition });
    app.get(`${base}/exportXls`, exportAction(plan));
    app.post(`${base}/importExcel`, importAction(plan));
    app.get(`${base}/queryById`, queryByIdAction(plan));
    app.post(`${base}/add`, addAction(plan));
    const edit = editAction(plan);
    app.put(`${base}/edit`, edit);
    app.post(`${base}/edit`, edit);
    app.delete(`${base}/delete`, deleteAction(plan));
    app.delete(`${base}/deleteBatch`, deleteBatchAction(plan));
  };
}
