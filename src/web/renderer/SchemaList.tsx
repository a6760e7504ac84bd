import { DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Modal, Space, message } from 'antd';
import { lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ComponentType } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { listColumns } from '../../schema/columns';
import type { FormMode } from '../../schema/form';
import { encodeQuery, queryItems } from '../../schema/query-bar';
import { rowMarksOf } from '../../schema/row-marks';
import type { PageAction, PageSchema } from '../../schema/types';
import { actionApplies, resolveValues, workPanel } from './actions';
import { crudApi, sendAction, type Row } from './api';
import { useActionKeys } from '../api/idempotency';
import { refusalOf } from '../api/refusal';
import { useCustomButtons } from './customButtons';
import { DataTable, type RowLink } from './DataTable';
import { saveBlob } from './exportFile';
import { FormModal } from './FormModal';
import { OpenRecordFromUrl } from './OpenRecordFromUrl';
import { ImportButton } from './ImportButton';
import { panelLoader, type PanelProps } from './panels';
import { QueryBar } from './QueryBar';
import { listParams, useList } from './useList';
import { usePagePermission } from './usePermission';
import { batchTransitions, rowEditable, transitionLinks } from './workflow/transitions';
import { useTransition } from './workflow/useTransition';
import { useRecordsChanged } from '../app/liveRecords';
import './SchemaList.css';
import '../panels';

/** The HTTP status of a refused request (the request layer's error), if any. */
const statusOf = (e: unknown) => (e as { response?: { status?: number } } | null)?.response?.status;

const panelCache = new Map<string, ComponentType<PanelProps>>();
function panelComponent(name: string): ComponentType<PanelProps> | null {
  const loader = panelLoader(name);
  if (!loader) return null;
  if (!panelCache.has(name)) panelCache.set(name, lazy(loader));
  return panelCache.get(name)!;
}

/**
 * Any page schema as a working management page: query bar, toolbar (add, batch delete, export,
 * import, the schema's own actions), the table with paging, sorting and row actions, and the form.
 * Buttons follow the user's button codes; the server checks them again.
 */
export interface SchemaListProps {
  schema: PageSchema;
  /**
   * Values this list is bound to (a dictionary's items: `{ dictId }`): always part of the query,
   * never offered in the query bar, and given to every new row.
   */
  fixed?: Record<string, string>;
  /** Called after any change saved through the page (add, edit, delete, import, action). */
  onChanged?: () => void;
  /** What the listed rows belong to (the dictionary named in the drawer's title): its forms name it too. */
  subject?: string;
}

export function SchemaList({ schema, fixed, onChanged, subject }: SchemaListProps) {
  const items = useMemo(() => queryItems(schema).filter((i) => !fixed || !(i.field in fixed)), [schema, fixed]);
  const columns = useMemo(() => listColumns(schema).filter((c) => !fixed || !(c.field in fixed)), [schema, fixed]);
  const api = useMemo(() => crudApi(schema.api), [schema.api]);
  const initialQuery = schema.initialQuery;
  const list = useList(
    useCallback((params: Record<string, unknown>) => api.list({ ...params, ...fixed }), [api, fixed]),
    encodeQuery(items, initialQuery ?? {}),
    (params) => api.arrived({ ...params, ...fixed }),
  );
  const can = usePagePermission(schema.permission);
  // Not useInRouterContext: it reads the location, so every navigation re-rendered every kept page's list.
  const inRouter = useContext(UNSAFE_NavigationContext) != null;
  const features = { add: true, edit: true, delete: true, export: true, import: true, detail: true, ...schema.features };
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [form, setForm] = useState<{ mode: FormMode; record: Row | null } | null>(null);
  const [panel, setPanel] = useState<{ action: PageAction; row: Row | null } | null>(null);
  const [children, setChildren] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const expandedNow = useRef(expanded);
  expandedNow.current = expanded;
  const tree = schema.kind === 'tree' && schema.tree ? schema.tree : undefined;
  const filtering = Object.keys(list.state.query).length > 0;
  const sort = list.state.sort;

  const loadChildren = useCallback((id: string) => {
    void api.childList(id, { column: sort?.column, order: sort?.order }).then((res) => {
      if (res.success) setChildren((c) => ({ ...c, [id]: Array.isArray(res.result) ? res.result : res.result.records }));
    });
  }, [api, sort]);

  /** After a change: the children of every open node again (a new child shows under its parent). */
  const reloadChildren = useCallback(() => {
    setChildren({});
    expandedNow.current.forEach(loadChildren);
    onChanged?.();
  }, [loadChildren, onChanged]);
  const refresh = useCallback(() => { list.reload(); reloadChildren(); }, [list, reloadChildren]);
  // A live notice about rows of this table (a new submission for 项目审核): the list shows them now.
  useRecordsChanged(schema.table, list.reload);
  const marksOf = useMemo(() => (schema.rowMarks?.length ? (row: Row) => rowMarksOf(schema, row) : undefined), [schema]);
  const { rowLinks: customRowLinks, toolbar: customToolbar } = useCustomButtons(schema, can, selectedIds, refresh);
  const held = useCallback((code: string) => can(code, code), [can]);
  const transition = useTransition(schema, useCallback((fired: Row[]) => {
    if (fired.length > 1) setSelectedIds([]);
    setForm(null); // fired from 详情: the row has moved on
    refresh();
  }, [refresh]));
  // Selected rows as last seen (the selection outlives paging): a batch transition needs their states.
  const seenRows = useRef(new Map<string, Row>());
  [...list.rows, ...Object.values(children).flat()].forEach((r) => seenRows.current.set(String(r.id), r));

  // Idempotency keys of this list's deletes and actions: the same one sent again before it succeeded keeps its key.
  const actionKeys = useActionKeys();
  const remove = useCallback((ids: string[]) => {
    Modal.confirm({
      title: '确认删除',
      content: ids.length > 1 ? `是否删除选中的 ${ids.length} 条数据?` : '确定删除吗?',
      okType: 'danger',
      onOk: async () => {
        const key = actionKeys.for(['delete', ids]);
        const res = ids.length > 1 ? await api.removeBatch(ids, { key }) : await api.remove(ids[0], { key });
        if (!res.success) { void message.warning(res.message); return; }
        actionKeys.done(['delete', ids]);
        void message.success(res.message);
        setSelectedIds((s) => s.filter((id) => !ids.includes(id)));
        expandedNow.current = expandedNow.current.filter((id) => !ids.includes(id));
        setExpanded(expandedNow.current);
        list.afterDelete(ids.length);
        reloadChildren();
      },
    });
  }, [actionKeys, api, list, reloadChildren]);

  const runAction = useCallback((action: PageAction, row: Row | null) => {
    if (action.panel) {
      if (!panelComponent(action.panel)) { void message.warning(`${action.label}：该功能尚未提供`); return; }
      setPanel({ action, row });
      return;
    }
    const req = action.request!;
    // A refusal is a handled state: the request layer shows it, except a 409 the action may override, offered in its dialog.
    const send = async (extra?: Row) => {
      const body = resolveValues(req.body, row, selectedIds);
      const sent = [action.key, resolveValues(req.params, row, selectedIds) ?? {}, extra ? { ...body, ...extra } : body] as const;
      try {
        const res = await sendAction(req.method, req.url, sent[1], sent[2], { key: actionKeys.for(sent), handles: !extra && req.override ? [409] : [] });
        if (res.success) { actionKeys.done(sent); void message.success(res.message || '操作成功'); refresh(); } else void message.warning(res.message);
      } catch (e) {
        if (!extra && req.override && statusOf(e) === 409) {
          Modal.confirm({
            title: action.label, content: refusalOf(e), okText: req.override.label, okType: 'danger',
            onOk: () => send(resolveValues(req.override!.body, row, selectedIds) ?? {}),
          });
        }
      }
    };
    if (action.confirm) Modal.confirm({ title: action.label, content: action.confirm, okType: action.danger ? 'danger' : 'primary', onOk: () => send() });
    else void send();
  }, [actionKeys, refresh, selectedIds]);

  const rowLinks = useCallback((row: Row): RowLink[] => {
    const links: RowLink[] = [];
    const editable = rowEditable(schema, row);
    if (features.edit && can('edit') && editable) links.push({ key: 'edit', label: '编辑', onClick: () => setForm({ mode: 'edit', record: row }) });
    if (features.detail) links.push({ key: 'detail', label: '详情', onClick: () => setForm({ mode: 'detail', record: row }) });
    if (tree && features.add && can('add')) links.push({ key: 'addChild', label: '添加下级', onClick: () => setForm({ mode: 'add', record: { ...fixed, [tree.pidField]: row.id } }) });
    for (const a of schema.actions ?? []) {
      if (a.place === 'row' && actionApplies(a, row) && can(a.key, a.permission ?? '')) links.push({ key: a.key, label: a.label, danger: a.danger, inline: a.inline, onClick: () => runAction(a, row) });
    }
    links.push(...transitionLinks(schema, row, held, transition.fire));
    links.push(...customRowLinks(row));
    if (features.delete && can('delete') && editable) links.push({ key: 'delete', label: '删除', danger: true, onClick: () => remove([String(row.id)]) });
    return links;
  }, [can, customRowLinks, features.add, features.delete, features.detail, features.edit, fixed, held, remove, runAction, schema, transition.fire, tree]);

  // A record opened by its address (工作台's 去处理, a notice): its panel (评分, 结果卡) if it has one, else its 详情.
  const openRecord = (row: Row) => {
    const work = workPanel(schema.actions, row, (a) => can(a.key, a.permission ?? ''));
    if (work) runAction(work, row);
    else if (features.detail) setForm({ mode: 'detail', record: row });
  };

  const exportXls = async () => {
    const params = { ...listParams(list.state), ...fixed, ...(selectedIds.length ? { selections: selectedIds.join(',') } : {}) };
    try {
      saveBlob(await api.exportXls(params), `${schema.title}.xlsx`);
    } catch {
      // the request layer has shown why
    }
  };

  const treeProps = tree && !filtering ? {
    isParent: (r: Row) => String(r[tree.hasChildField] ?? '') === '1',
    children,
    expanded,
    onExpandedChange: (ids: string[]) => {
      ids.filter((id) => !expanded.includes(id)).forEach(loadChildren);
      setExpanded(ids);
    },
  } : undefined;

  const toolbarActions = (schema.actions ?? []).filter((a) => a.place === 'toolbar' && can(a.key, a.permission ?? ''));
  const toolbarButton = (a: PageAction) => (
    <Button key={a.key} type={a.primary ? 'primary' : 'default'} danger={a.danger} disabled={a.request && Object.values({ ...a.request.params, ...a.request.body }).includes('$ids') && !selectedIds.length} onClick={() => runAction(a, null)}>{a.label}</Button>
  );
  const Panel = panel?.action.panel ? panelComponent(panel.action.panel) : null;
  const selectedRows = selectedIds.map((id) => seenRows.current.get(id));
  const batchItems = [
    ...(features.delete && can('delete') ? [{ key: 'delete', icon: <DeleteOutlined />, label: '删除', onClick: () => remove(selectedIds) }] : []),
    ...batchTransitions(schema, selectedRows, held).map((t) => ({ key: `workflow:${t.name}`, label: t.label, danger: t.danger, onClick: () => transition.fire(t, selectedRows as Row[]) })),
  ];

  return (
    <Card variant="borderless" className="schema-page">
      <QueryBar items={items} initialValues={initialQuery} onSearch={(q) => { setSelectedIds([]); list.search(q); }} />
      <Space className="schema-toolbar" wrap>
        {features.add && can('add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add', record: fixed ? { ...fixed } : null })}>新增</Button>}
        {toolbarActions.filter((a) => a.primary).map(toolbarButton)}
        {features.export && can('export') && <Button icon={<ExportOutlined />} onClick={exportXls}>导出</Button>}
        {features.import && can('import') && <ImportButton url={api.importUrl} onDone={refresh} />}
        {toolbarActions.filter((a) => !a.primary).map(toolbarButton)}
        {customToolbar}
        {selectedIds.length > 0 && batchItems.length > 0 && (
          <Dropdown menu={{ items: batchItems }}>
            <Button>批量操作 <DownOutlined /></Button>
          </Dropdown>
        )}
      </Space>
      <Alert
        className="schema-selection"
        type="info"
        showIcon
        message={<span>已选择 <a style={{ fontWeight: 600 }}>{selectedIds.length}</a> 项 {selectedIds.length > 0 && <a style={{ marginLeft: 24 }} onClick={() => setSelectedIds([])}>清空</a>}</span>}
      />
      <DataTable
        columns={columns}
        rows={list.rows}
        pagination={list.pagination}
        sort={list.state.sort}
        loading={list.loading}
        onSort={list.update}
        rowLinks={rowLinks}
        selectedIds={selectedIds}
        onSelect={setSelectedIds}
        rowMarks={marksOf}
        tree={treeProps}
      />
      {transition.opinionModal}
      {inRouter && <OpenRecordFromUrl load={api.queryById} open={openRecord} />}
      {form && (
        <FormModal
          schema={schema} mode={form.mode} record={form.record} subject={subject} held={held} onTransition={(t, row) => transition.fire(t, [row])}
          onEdit={form.mode === 'detail' && form.record && features.edit && can('edit') && rowEditable(schema, form.record) ? (row) => setForm({ mode: 'edit', record: row }) : undefined}
          onClose={(changed) => { setForm(null); if (changed) refresh(); }}
        />
      )}
      {panel && Panel && (
        <Suspense fallback={null}>
          <Panel schema={schema} row={panel.row} selectedIds={selectedIds} open onClose={(changed) => { setPanel(null); if (changed) refresh(); }} />
        </Suspense>
      )}
    </Card>
  );
}
