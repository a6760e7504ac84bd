import { FormItem, FormLayout, FormTab, PreviewText } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { createSchemaField, FormProvider, Schema, type ISchema } from '@formily/react';
import { Alert, App, Button, Divider, Modal, Spin, message } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { compileForm, compileMainForm, type FormMode, type SubForm } from '../../schema/form';
import type { PageSchema } from '../../schema/types';
import type { WorkflowTransition } from '../../schema/workflow';
import { formComponents } from '../widgets';
import { crudApi, schemaApi, type Row } from './api';
import { http } from '../api/request';
import { useActionKeys } from '../api/idempotency';
import { refusalOf } from '../api/refusal';
import { useUnsavedGuard } from '../utils/useUnsavedGuard';
import { linkageEffects } from './linkage-effects';
import './validate-rules';
import { HistoryTimeline } from './workflow/HistoryTimeline';
import { workflowApi } from './workflow/api';
import { formTransitions, LastOpinion } from './workflow/formWorkflow';
import { rowTransitions, stateOf } from './workflow/transitions';
import { panelLoader } from './panels';
import { SubArrayTable } from './SubArrayTable';
import { labelled } from './fieldLabel';
import './FormModal.css';

const SchemaField = createSchemaField({ components: { FormItem, ArrayTable: SubArrayTable, FormTab, ...labelled(formComponents()) } });

/** Past this many top-level fields a form is drawn in chunks of CHUNK_SIZE fields (see `chunksOf`). */
export const CHUNK_PAST = 100;
const CHUNK_SIZE = 50;
/** A field's usual height in a form (an input and the room for its message), for a chunk not yet shown. */
const FIELD_HEIGHT = 56;

/**
 * A long form's top-level fields in consecutive chunks, in their order, each its own SchemaField in
 * a box the browser lays out and paints only near the view (`content-visibility: auto`, FormModal.css).
 * Typing into one of 2,000 fields otherwise re-laid out and repainted the whole form on every key
 * (~25 ms of a key's 30; the renderer bench). The fields keep their names, paths and addresses: a chunk
 * is no Formily node, only a box. Null for a short form (one SchemaField, as always).
 */
export function chunksOf(schema: ISchema): ISchema[] | null {
  const ordered = Schema.getOrderProperties(schema as Schema);
  if (ordered.length <= CHUNK_PAST) return null;
  const chunks: ISchema[] = [];
  for (let i = 0; i < ordered.length; i += CHUNK_SIZE) {
    // Each chunk keeps the order it was given (x-index would sort within a chunk only).
    const properties = Object.fromEntries(ordered.slice(i, i + CHUNK_SIZE).map(({ key, schema: node }) => [key, { ...(node as ISchema), 'x-index': undefined }]));
    chunks.push({ ...schema, properties });
  }
  return chunks;
}

const TITLES: Record<FormMode, string> = { add: '新增', edit: '编辑', detail: '详情' };

export interface FormModalProps {
  schema: PageSchema;
  mode: FormMode;
  /** The row to edit or show; for `add`, values to start from (a tree node's parent). */
  record: Row | null;
  onClose: (changed: boolean) => void;
  /** The user's button codes: a workflow page's form offers the transitions they may fire. */
  held?: (code: string) => boolean;
  /** Fires a transition on the row shown in 详情 (its buttons: 通过, 退回修改…); the page asks and reloads. */
  onTransition?: (t: WorkflowTransition, row: Row) => void;
  /** Offered in 详情 when the row may be edited now (a returned declaration): opens it in 编辑. */
  onEdit?: (row: Row) => void;
  /** What the form's row belongs to (the dictionary whose item it is), named after the mode in the title. */
  subject?: string;
}

/**
 * Values as the server takes them: display-only `_dictText` siblings and unset fields left out, in
 * the sub tables' rows too, with the editable table's own bookkeeping keys (`__…`).
 */
export function bodyOf(values: Row): Row {
  return Object.fromEntries(Object.entries(values)
    .filter(([k, v]) => !k.endsWith('_dictText') && !k.startsWith('__') && v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? bodyOf(x as Row) : x)) : v]));
}

/**
 * The add/edit/detail form of a schema page in a modal: the Formily schema compiled from the page
 * schema, validated with the server's words, saved through the engine's add/edit.
 */
export function FormModal({ schema, mode, record, onClose, held, onTransition, onEdit, subject }: FormModalProps) {
  const api = useMemo(() => crudApi(schema.api), [schema.api]);
  const subs = useSubForms(schema);
  const waitingForSubs = !!(schema.kind === 'main' && schema.subTables?.length) && !subs;
  const formSchema = useMemo(() => (subs ? compileMainForm(schema, subs, mode) : compileForm(schema, mode)), [schema, subs, mode]);
  const chunks = useMemo(() => chunksOf(formSchema as ISchema), [formSchema]);
  const [loading, setLoading] = useState(mode !== 'add');
  const [saving, setSaving] = useState(false);
  const form = useMemo(() => createForm({
    readPretty: mode === 'detail', initialValues: mode === 'add' ? { ...record } : {}, effects: linkageEffects(schema, mode, subs ?? []),
  }), [mode, record, schema, subs]);

  // Nothing can be typed before the stored row is in: its values would replace what was typed.
  useEffect(() => {
    if (mode !== 'edit') return;
    form.setPattern(loading ? 'disabled' : 'editable');
  }, [form, loading, mode]);

  useEffect(() => {
    if (mode === 'add' || !record?.id || waitingForSubs) return;
    let live = true;
    const id = String(record.id);
    // The stored row, fresh and with what the page's module adds (a user's roles), not the list's copy;
    // a main row with the rows of each of its sub tables.
    Promise.all([
      api.queryById(id),
      ...(subs ?? []).map((sub) => http.get<{ records: Row[] }>(`${schema.api}/subList/${sub.schema.code}`, { mainId: id, pageSize: 1000 })),
    ]).then(([main, ...lists]) => {
      if (!live) return;
      if (!main.success) { void message.warning(main.message); onClose(false); return; }
      const values: Row = { ...(main.result as Row) };
      (subs ?? []).forEach((sub, i) => { values[`${sub.schema.code}List`] = lists[i].success ? (lists[i].result as { records: Row[] }).records : []; });
      form.setInitialValues(values);
    }).catch(() => onClose(false)).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [api, form, mode, record, onClose, schema, subs, waitingForSubs]);

  // One idempotency key per save of the same values: a second click, or 确定 again after an error, is not a second row.
  const actionKeys = useActionKeys();
  const { modal } = App.useApp();
  /** A new row saved by 提交申报 whose transition was then refused: the form now edits it. */
  const [savedId, setSavedId] = useState<string>();
  /** The server's refusal of the last save or transition, kept in view atop the form. */
  const [problem, setProblem] = useState<string>();
  const offered = mode === 'detail' ? [] : formTransitions(schema, mode, record, held);

  /** Saves the form; the row's id once the server has it (a plain add does not say it), null when not saved. */
  const persist = async (wantId: boolean): Promise<{ id?: string; message: string } | null> => {
    if (loading) return null; // a disabled form skips validation: nothing is saved before the stored row is in
    try {
      await form.submit();
    } catch {
      return null; // the fields show what is wrong
    }
    setSaving(true);
    setProblem(undefined);
    try {
      const values = bodyOf(JSON.parse(JSON.stringify(form.values)) as Row);
      const id = savedId ?? (mode === 'add' ? undefined : String(record!.id));
      const body = id === undefined ? values : { ...values, id };
      const sent = [id === undefined ? 'add' : 'edit', body];
      const key = actionKeys.for(sent);
      const res = id !== undefined ? await api.edit(body, { key }) : wantId ? await api.addForId(body, { key }) : await api.add(body, { key });
      if (!res.success) { setProblem(res.message); void message.warning(res.message); return null; }
      actionKeys.done(sent);
      const newId = id === undefined && wantId ? String(res.result) : undefined;
      if (newId) setSavedId(newId);
      return { id: id ?? newId, message: res.message };
    } catch (e) {
      setProblem(refusalOf(e)); // the request layer has shown it too
      return null;
    } finally {
      setSaving(false);
    }
  };
  const save = async () => {
    const saved = await persist(false);
    if (!saved) return;
    void message.success(saved.message || '操作成功');
    onClose(true);
  };
  /** 提交申报: the fields checked, the transition's question asked, the row saved, then the transition fired. */
  const saveAndFire = async (t: WorkflowTransition) => {
    if (loading) return;
    try {
      await form.validate();
    } catch {
      return;
    }
    const go = async () => {
      const saved = await persist(true);
      if (!saved?.id) return;
      const body = { id: saved.id, transition: t.name, fromState: savedId || mode === 'add' ? schema.workflow!.initial : stateOf(schema, record!) };
      try {
        const res = await workflowApi(schema.api).fire(body, { key: actionKeys.for(['fire', body]) });
        if (!res.success) { setProblem(res.message); return; }
        actionKeys.done(['fire', body]);
        void message.success(res.message || `${t.label}成功！`);
        onClose(true);
      } catch (e) {
        setProblem(refusalOf(e) ?? `${t.label}失败`);
      }
    };
    modal.confirm({ title: t.label, content: t.confirm ?? `确定${t.label}吗？`, onOk: () => { void go(); } });
  };

  // Esc, × and 取消 do not throw away what was typed without asking, nor does closing the browser tab.
  const cancel = useUnsavedGuard(() => mode !== 'detail' && form.modified, () => onClose(!!savedId));

  const detailLoader = mode === 'detail' && schema.detailPanel ? panelLoader(schema.detailPanel) : undefined;
  const DetailPanel = useMemo(() => (detailLoader ? lazy(detailLoader) : null), [detailLoader]);

  // 详情 carries the transitions the user may fire on the row now (通过, 退回修改, 不通过).
  const detailTransitions = mode === 'detail' && record && held && onTransition ? rowTransitions(schema, record, held) : [];
  const footer = mode === 'detail'
    ? [
      ...(onEdit && record ? [<Button key="edit" onClick={() => onEdit(record)}>编辑</Button>] : []),
      ...detailTransitions.map((t) => <Button key={`workflow:${t.name}`} danger={t.danger} onClick={() => onTransition!(t, record!)}>{t.label}</Button>),
      <Button key="close" onClick={() => onClose(false)}>关闭</Button>,
    ]
    : offered.length
      ? [
        <Button key="cancel" onClick={cancel}>取消</Button>,
        <Button key="draft" loading={saving} disabled={loading} onClick={save}>保存草稿</Button>,
        ...offered.map((t) => <Button key={`workflow:${t.name}`} type="primary" loading={saving} disabled={loading} onClick={() => { void saveAndFire(t); }}>{t.label}</Button>),
      ]
      : [<Button key="cancel" onClick={cancel}>取消</Button>, <Button key="ok" type="primary" loading={saving} disabled={loading} onClick={save}>确定</Button>];

  return (
    // The body scrolls and the footer stays in view, however long the form (a rich-text field).
    <Modal open title={subject ? `${TITLES[mode]} - ${subject}` : TITLES[mode]} width={subs?.length ? 1100 : 800} onCancel={cancel} footer={footer} destroyOnHidden maskClosable={false}
      style={{ top: 40 }} styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden' } }}>
      {mode === 'edit' && record && <LastOpinion schema={schema} record={record} />}
      {problem && <Alert className="form-problem" type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Spin spinning={loading || waitingForSubs}>
        <FormProvider form={form}>
          <FormLayout labelCol={5} wrapperCol={17}>
            {/* An empty value reads 「-」 in a detail form, never Formily's English "N/A" (which it also
                shows for an empty placeholder, as it reads one with ||). */}
            {/* No fields until the sub tables' schemas are here: the form is made anew then, and what
                had been typed into the first one would be lost. */}
            {waitingForSubs ? <div style={{ minHeight: 160 }} /> : (
              <PreviewText.Placeholder value="-">
                {chunks
                  ? chunks.map((chunk, i) => (
                    <div key={i} className="schema-form-chunk" style={{ containIntrinsicSize: `auto ${Object.keys(chunk.properties ?? {}).length * FIELD_HEIGHT}px` }}>
                      <SchemaField schema={chunk} />
                    </div>
                  ))
                  : <SchemaField schema={formSchema as ISchema} />}
              </PreviewText.Placeholder>
            )}
          </FormLayout>
        </FormProvider>
      </Spin>
      {mode === 'detail' && schema.workflow && record?.id != null && (
        <>
          <Divider orientation="left">流转记录</Divider>
          <HistoryTimeline api={schema.api} rowId={String(record.id)} />
        </>
      )}
      {DetailPanel && record?.id != null && (
        <Suspense fallback={<Spin />}>
          <DetailPanel schema={schema} row={record} selectedIds={[]} open onClose={() => undefined} />
        </Suspense>
      )}
    </Modal>
  );
}

/** The schemas of a main page's sub tables (null until loaded; none for other pages). */
function useSubForms(schema: PageSchema): SubForm[] | null {
  const wanted = schema.kind === 'main' ? schema.subTables ?? [] : [];
  const [subs, setSubs] = useState<SubForm[] | null>(null);
  useEffect(() => {
    if (!wanted.length) return;
    let live = true;
    void Promise.all(wanted.map((t) => schemaApi.byCode(t.code))).then((answers) => {
      if (!live) return;
      setSubs(answers.flatMap((a, i) => (a.success ? [{ schema: a.result, foreignKey: wanted[i].foreignKey, display: wanted[i].display }] : [])));
    });
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);
  return wanted.length ? subs : null;
}
