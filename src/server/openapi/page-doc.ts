import { columnFields } from '../../schema/ddl.js';
import { RESERVED_PARAMS } from '../../schema/query.js';
import { actionPermission, type CrudAction } from '../../schema/permission.js';
import { transitionPermission } from '../../schema/workflow.js';
import type { FieldSchema, PageSchema } from '../../schema/types.js';
import { viewInterface } from '../../schema/views.js';
import type { DictModel } from '../modules/dict/service.js';
import { MESSAGE_RESULT, pageOf, resultOf } from './envelope.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Who may call one of the engine's routes of a page: who may read its rows (crud/read-access.ts,
 * or the page module's own read scope), or the holders of the action's button (any of `permission`).
 */
export type PageAccess = { page: string; action: 'read' | CrudAction | 'transition'; permission?: string[] };

/** One operation of a page's generated API, keyed by method and path (relative to the API base). */
export interface PageOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: PageAccess;
  operation: Json;
}

export type DictLookup = (code: string) => DictModel[] | undefined;

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATETIME = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';

/** A field's value as a client sends it: the type, length, range, pattern and dictionary it declares. */
function inputSchema(f: FieldSchema, dicts: DictLookup): Json {
  const s: Json = { description: f.label };
  switch (f.type) {
    case 'int': case 'long': s.type = 'integer'; break;
    case 'double': case 'decimal': s.type = 'number'; break;
    case 'boolean': s.type = 'boolean'; break;
    default:
      s.type = 'string';
      if (f.length && f.type === 'string') s.maxLength = f.length;
      if (f.type === 'date') s.pattern = DATE;
      else if (f.type === 'datetime') s.pattern = DATETIME;
      else if (f.pattern) s.pattern = f.pattern;
  }
  if (f.min !== undefined) s[s.type === 'string' ? 'minLength' : 'minimum'] = f.min;
  if (f.max !== undefined) s[s.type === 'string' ? 'maxLength' : 'maximum'] = f.max;
  const items = f.dict?.code ? dicts(f.dict.code) : undefined;
  const multiple = !!viewInterface(f.view).multiple?.(f);
  if (items?.length) {
    s.description = `${f.label}（${items.map((i) => `${i.value}=${i.text}`).join('，')}）${multiple ? '，多个值以逗号分隔' : ''}`;
    if (!multiple && s.type === 'string') s.enum = items.map((i) => i.value);
  }
  if (f.dict?.table) s.description = `${f.label}（取自表 ${f.dict.table}.${f.dict.value ?? 'id'}）`;
  if (f.default !== undefined) s.default = f.default;
  return s;
}

/** A stored value as reads answer it: the database may hand numbers back as text and leave any column empty. */
function outputSchema(f: FieldSchema): Json {
  const base = f.type === 'int' || f.type === 'long' ? ['integer', 'string'] : f.type === 'double' || f.type === 'decimal' ? ['number', 'string']
    : f.type === 'boolean' ? ['boolean', 'integer', 'string'] : ['string'];
  return { type: [...base, 'null'], description: f.label };
}

function rowSchema(schema: PageSchema): Json {
  const properties: Json = {};
  for (const f of columnFields(schema)) {
    if (f.sensitive) continue;
    properties[f.name] = outputSchema(f);
    if (f.dict || viewInterface(f.view).dict?.(f)) properties[`${f.name}_dictText`] = { type: ['string', 'null'], description: `${f.label}（字典文本）` };
  }
  return { type: 'object', properties };
}

function bodySchema(schema: PageSchema, dicts: DictLookup, mode: 'add' | 'edit'): Json {
  const properties: Json = {};
  const required: string[] = mode === 'edit' ? ['id'] : [];
  if (mode === 'edit') properties.id = { type: 'string', maxLength: 32, description: '主键' };
  for (const f of schema.fields) {
    if (f.form === false || f.readonly || f.view === 'hidden' && !f.virtual) continue;
    properties[f.name] = inputSchema(f, dicts);
    if (f.required && mode === 'add') required.push(f.name);
  }
  for (const st of schema.subTables ?? []) {
    properties[`${st.code}List`] = { type: 'array', items: { type: 'object' }, description: `附表「${st.code}」的行，随主表一并保存` };
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

const param = (name: string, description: string, schema: Json = { type: 'string' }, required = false): Json => ({ name, in: 'query', required, description, schema });

/** The list grammar (contract §5): paging, sorting, the super query and one filter per readable field. */
function listParameters(schema: PageSchema, dicts: DictLookup): Json[] {
  const out: Json[] = [
    param('pageNo', '页码，从1开始', { type: 'integer', minimum: 1, default: 1 }),
    param('pageSize', '每页行数（-521 为全部）', { type: 'integer', default: 10 }),
    param('column', '排序字段'),
    param('order', '排序方向', { type: 'string', enum: ['asc', 'desc'] }),
    param('superQueryParams', '高级查询：JSON 数组 [{field,rule,val}]，rule 为 eq/ne/gt/ge/lt/le/like/left_like/right_like/in'),
    param('superQueryMatchType', '高级查询条件的组合方式', { type: 'string', enum: ['and', 'or'] }),
  ];
  for (const f of columnFields(schema)) {
    if (f.sensitive || RESERVED_PARAMS.has(f.name) && !schema.fields.some((x) => x.name === f.name)) continue;
    const value = inputSchema(f, dicts);
    out.push(param(f.name, `${value.description}。*x* 模糊，x* 前缀，!x 不等于，>=x 比较，a,b 多值`, { type: 'string' }));
    if (f.query === 'group' || ['int', 'long', 'double', 'decimal', 'date', 'datetime'].includes(f.type)) {
      out.push(param(`${f.name}_begin`, `${f.label}（起）`), param(`${f.name}_end`, `${f.label}（止）`));
    }
  }
  return out;
}

const json = (schema: Json, example?: unknown): Json => ({ 'application/json': { schema, ...(example !== undefined ? { example } : {}) } });
const okResponse = (schema: Json, example?: unknown): Json => ({ 200: { description: '成功', content: json(schema, example) } });

/**
 * The operations the engine serves for one page schema (crud/routes.ts, tree.ts, sub-tables.ts,
 * workflow.ts), described from the schema itself: fields, types, lengths, required flags,
 * dictionaries, query grammar. `example` is one row of the page as the seed left it.
 */
export function pageOperations(schema: PageSchema, all: PageSchema[], dicts: DictLookup, example?: Json): PageOperation[] {
  const t = schema.title;
  const row = rowSchema(schema);
  const ops: PageOperation[] = [];
  const add = (method: PageOperation['method'], suffix: string, action: PageAccess['action'], operation: Json) => {
    const permission = action === 'read' ? undefined : action === 'transition'
      ? schema.workflow!.transitions.map((x) => transitionPermission(schema, x)) : [actionPermission(schema, action, all)].filter((c): c is string => !!c);
    ops.push({ method, path: `${schema.api}${suffix}`, access: { page: schema.code, action, ...(permission ? { permission } : {}) }, operation: { 'x-page': schema.code, ...operation } });
  };
  const listExample = example ? { success: true, message: '', code: 200, result: { records: [example], total: 1, size: 10, current: 1, pages: 1 }, timestamp: 0 } : undefined;
  // A page module may answer a whole tree as an array (the menu list asked without pageNo).
  const listResult = { anyOf: [pageOf(row), { type: 'array', items: { type: 'object' }, description: '个别页面（菜单）不分页时返回整棵树' }] };
  const list = { parameters: listParameters(schema, dicts), responses: okResponse(resultOf(listResult), listExample) };
  add('get', '/list', 'read', { summary: `${t}-分页列表查询`, ...list });
  if (schema.kind === 'tree') {
    add('get', '/rootList', 'read', { summary: `${t}-根节点列表`, ...list });
    add('get', '/childList', 'read', { summary: `${t}-子节点列表`, ...list, parameters: [param(schema.tree?.pidField ?? 'pid', '父节点id', { type: 'string' }, true), ...list.parameters] });
    add('get', '/getChildListBatch', 'read', { summary: `${t}-批量查询子节点`, ...list, parameters: [param('parentIds', '父节点id，逗号分隔（最多1000个）', { type: 'string' }, true), ...list.parameters] });
  }
  if (schema.kind === 'main' && schema.subTables?.length) {
    const codes = schema.subTables.map((s) => s.code);
    add('get', '/subList/{subCode}', 'read', {
      summary: `${t}-附表数据`,
      parameters: [{ name: 'subCode', in: 'path', required: true, schema: { type: 'string', enum: codes } }, param('mainId', '主表id', { type: 'string' }, true)],
      responses: okResponse(resultOf(pageOf({ type: 'object' }))),
    });
  }
  if (schema.workflow) {
    const wf = schema.workflow;
    add('post', '/transition', 'transition', {
      summary: `${t}-流程操作（${wf.transitions.map((x) => x.label).join('/')}）`,
      requestBody: { required: true, content: json({
        type: 'object', required: ['transition'],
        properties: {
          transition: { type: 'string', enum: wf.transitions.map((x) => x.name), description: wf.transitions.map((x) => `${x.name}=${x.label}`).join('，') },
          id: { type: 'string', description: '数据id' }, ids: { type: 'string', description: '批量：id 以逗号分隔' },
          opinion: { type: 'string', description: '意见' }, fromState: { type: 'string', description: '期望的当前状态（并发保护）' },
        },
      }) },
      responses: okResponse(resultOf({ type: 'null' })),
    });
    add('get', '/history', 'read', {
      summary: `${t}-流程记录`, parameters: [param('id', '数据id', { type: 'string' }, true)],
      responses: okResponse(resultOf({ type: 'array', items: { type: 'object' } })),
    });
  }
  add('get', '/exportXls', 'export', {
    summary: `${t}-导出excel`, parameters: [...list.parameters, param('selections', '只导出这些id，逗号分隔')],
    responses: { 200: { description: 'Excel 文件', content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } } } },
  });
  add('post', '/importExcel', 'import', {
    summary: `${t}-通过excel导入数据`,
    requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } },
    responses: okResponse(MESSAGE_RESULT),
  });
  add('get', '/queryById', 'read', {
    summary: `${t}-通过id查询`, parameters: [param('id', '数据id', { type: 'string' }, true)],
    responses: okResponse(resultOf(row), example ? { success: true, message: '', code: 200, result: example, timestamp: 0 } : undefined),
  });
  const body = (mode: 'add' | 'edit') => ({ required: true, content: json(bodySchema(schema, dicts, mode), mode === 'add' && example ? example : undefined) });
  add('post', '/add', 'add', { summary: `${t}-添加`, requestBody: body('add'), responses: okResponse(MESSAGE_RESULT) });
  add('put', '/edit', 'edit', { summary: `${t}-编辑`, requestBody: body('edit'), responses: okResponse(MESSAGE_RESULT) });
  add('post', '/edit', 'edit', { summary: `${t}-编辑`, requestBody: body('edit'), responses: okResponse(MESSAGE_RESULT) });
  add('delete', '/delete', 'delete', { summary: `${t}-通过id删除`, parameters: [param('id', '数据id', { type: 'string' }, true)], responses: okResponse(MESSAGE_RESULT) });
  add('delete', '/deleteBatch', 'delete', { summary: `${t}-批量删除`, parameters: [param('ids', 'id 以逗号分隔（最多1000个）', { type: 'string' }, true)], responses: okResponse(MESSAGE_RESULT) });
  return ops;
}
