import type { FastifyRequest } from 'fastify';
import { areaCodeOfText } from '../../../schema/area.js';
import { areaData } from '../../area-data.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ClientError, fail, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { categoryBranchChecker } from '../category-branch.js';
import { dictItemsOf, dictValueProblem } from '../dict-values.js';
import { cellValues, tableValuesOf, type TableValues } from '../table-values.js';
import { readWorkbook } from '../excel.js';
import type { Row } from '../hooks.js';
import type { PagePlan } from '../plan.js';
import { ALREADY_STORED, hookContext, isUniqueViolation, requirePermission } from './common.js';

/** Rows per INSERT of an import (16 columns × 100 stays far under both databases' parameter limits). */
const IMPORT_BATCH = 100;
const REFUSED = '导入失败，未导入任何数据。';

/**
 * Sheet cells to field values: dictionary texts back to values (a table dictionary's through
 * `tables`), numbers and text to the field's type; or why a cell cannot be read.
 */
async function fromSheet(plan: PagePlan, values: Row, tables: Map<string, TableValues>): Promise<{ values: Row; problem?: string }> {
  const out: Row = {};
  for (const [name, raw] of Object.entries(values)) {
    const f = plan.byName.get(name)!;
    let v: unknown = raw;
    const table = tables.get(name);
    if (table) {
      const cell = cellValues(f, v, table);
      if (cell.problem) return { values: out, problem: cell.problem };
      v = cell.value;
    } else if (f.dict?.code) {
      const items = (await plan.ctx.dicts.items(f.dict.code)) ?? [];
      v = String(v).split(',').map((part) => items.find((i) => i.text === part.trim())?.value ?? part.trim()).join(',');
    }
    // An exported area reads 省/市/区: back to its code.
    if (f.view === 'pca' && typeof v === 'string') v = areaCodeOfText(v, areaData()) ?? v;
    if (['int', 'long', 'double', 'decimal'].includes(f.type)) v = typeof v === 'number' ? v : Number.isFinite(Number(v)) && String(v).trim() !== '' ? Number(v) : v;
    else if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
    out[name] = v;
  }
  return { values: out };
}

/**
 * `POST <api>/importExcel`: every row of the uploaded sheet checked as an add is (validators, linkage,
 * dictionaries, categories that follow another field, main rows), then all stored in one transaction, or none with each bad row's line.
 */
export const importAction = (plan: PagePlan) => async (req: FastifyRequest) => {
  const { schema, db, hooks, fields, attachedBy } = plan;
  await requirePermission(plan, req, 'import');
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 .xlsx 文件');
  const part = await req.file();
  if (!part) throw badRequest('没有收到文件');
  const data = await part.toBuffer();
  let sheetRows;
  try {
    sheetRows = await readWorkbook(schema, data);
  } catch (e) {
    throw badRequest((e as Error).message);
  }
  if (!sheetRows.length) return fail('文件中没有数据行');
  const user = req.user!;
  const now = formatDateTime();
  const errors: string[] = [];
  const prepared: { line: number; values: Row }[] = [];
  const items = await dictItemsOf(plan.ctx.dicts, fields);
  const branches = categoryBranchChecker(fields, items);
  const tables = await tableValuesOf(db, fields, sheetRows.map((r) => r.values));
  for (const { line, values } of sheetRows) {
    const read = await fromSheet(plan, values, tables);
    if (read.problem) {
      errors.push(`第${line}行: ${read.problem}`);
      continue;
    }
    const { problem, body: converted } = plan.validate.add(read.values);
    const ruled = problem ? null : plan.linkage?.(converted!);
    const unknown = problem || ruled?.problem ? null
      : dictValueProblem(items, fields, ruled?.body ?? converted!) ?? await branches?.(db, ruled?.body ?? converted!) ?? null;
    if (problem || ruled?.problem || unknown) errors.push(`第${line}行: ${problem ?? ruled?.problem ?? unknown}`);
    else {
      const values: Row = { ...(ruled?.body ?? converted), id: newId(), createBy: user.username, createTime: now, updateBy: null, updateTime: null, sysOrgCode: user.orgCode };
      plan.flow?.onAdd(values);
      prepared.push({ line, values });
    }
  }
  if (errors.length) return fail(`${REFUSED}${errors.slice(0, 20).join('；')}${errors.length > 20 ? `；等${errors.length}处错误` : ''}`, 500, { errorCount: errors.length, errors: errors.slice(0, 200) });
  // Each main row the sheet's sub rows name is one the user writes and that may change now.
  if (attachedBy.length) {
    await inTransaction(db, async (tx) => {
      const firstOfEach = new Map<string, { line: number; values: Row }>();
      for (const r of prepared) {
        const key = attachedBy.map((fk) => String(r.values[fk] ?? '')).join('\u0000');
        if (!firstOfEach.has(key)) firstOfEach.set(key, r);
      }
      for (const { line, values } of firstOfEach.values()) {
        await plan.access.requireMains(hookContext(plan, req, tx), [values]).catch((e) => Promise.reject(e instanceof ClientError ? new ClientError(e.statusCode, `${REFUSED}第${line}行: ${e.message}`) : e));
      }
    });
  }
  let failedLine = 0;
  const oneByOne = () => inTransaction(db, async (tx) => {
    const h = hookContext(plan, req, tx);
    for (const r of prepared) {
      failedLine = r.line;
      const body = { ...r.values };
      await hooks.beforeAdd?.(h, r.values, body);
      await tx.insertInto(schema.table).values(r.values).execute();
      await hooks.afterAdd?.(h, r.values, body);
    }
  });
  // Without a page's add hooks, rows go in by the hundred (same columns in one statement); a refusal
  // is found again row by row, to name its line.
  const batched = () => inTransaction(db, async (tx) => {
    for (let i = 0; i < prepared.length;) {
      const keys = Object.keys(prepared[i].values).join();
      let j = i + 1;
      while (j < prepared.length && j - i < IMPORT_BATCH && Object.keys(prepared[j].values).join() === keys) j++;
      await tx.insertInto(schema.table).values(prepared.slice(i, j).map((r) => r.values)).execute();
      i = j;
    }
  });
  try {
    if (hooks.beforeAdd || hooks.afterAdd) await oneByOne();
    else await batched().catch((e) => (isUniqueViolation(e) ? oneByOne() : Promise.reject(e)));
  } catch (e) {
    if (isUniqueViolation(e)) return fail(`${REFUSED}第${failedLine}行: ${ALREADY_STORED}`);
    throw e;
  }
  return okMessage(`文件导入成功！数据行数：${prepared.length}`);
};
