import { App, Button, Input, Modal, Space, Table, type TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Page } from '../../renderer/api';
import { useList } from '../../renderer/useList';
import { reportApi, type ReportColumns, type ReportQueryItem } from './api';
import { popupParams, popupRowKey, selectionError, type PopupSettings } from './popup-config';

type Row = Record<string, unknown>;

/** SPEC §9: the report popup is 1200 wide. */
export const POPUP_WIDTH = 1200;

interface Props {
  settings: PopupSettings;
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
}

/**
 * A report's rows to choose from (contract §9.6): its columns and search fields come from the
 * online report API; choices survive paging; OK hands the chosen rows back.
 */
export function PopupModal({ settings, onOk, onCancel }: Props) {
  const { message } = App.useApp();
  const [meta, setMeta] = useState<ReportColumns | null>(null);
  const [queryItems, setQueryItems] = useState<ReportQueryItem[]>([]);
  const [chosen, setChosen] = useState<Map<string, Row>>(new Map());
  const [draft, setDraft] = useState<Record<string, string>>({});
  const multi = settings.popupMulti === true;

  useEffect(() => {
    let live = true;
    void reportApi.columns(settings.popupCode!).then(async (res) => {
      if (!live) return;
      if (!res.success) { void message.warning(res.message); return; }
      setMeta(res.result);
      const info = await reportApi.queryInfo(res.result.cgRpConfigId);
      if (!live) return;
      if (info.success) setQueryItems(info.result);
      else void message.warning(info.message);
    }).catch(() => undefined);
    return () => { live = false; };
  }, [settings.popupCode, message]);

  const reportId = meta?.cgRpConfigId;
  const selfParams = useMemo(() => popupParams(settings), [settings]);
  const load = useCallback(async (p: Record<string, unknown>) => {
    if (!reportId) return { success: true, message: '', code: 200, timestamp: Date.now(), result: { records: [], total: 0, size: 10, current: 1, pages: 0 } };
    const res = await reportApi.data(reportId, { ...p, ...selfParams });
    const size = Number(p.pageSize), current = Number(p.pageNo);
    const result: Page<Row> = { records: res.result?.records ?? [], total: res.result?.total ?? 0, size, current, pages: Math.ceil((res.result?.total ?? 0) / size) };
    return { ...res, result };
  }, [reportId, selfParams]);
  const list = useList<Row>(load);

  const columns: TableProps<Row>['columns'] = (meta?.columns ?? []).map((c) => ({
    title: c.title,
    dataIndex: c.dataIndex,
    align: c.align,
    width: c.width,
    sorter: c.sorter,
    render: (v: unknown) => {
      const options = meta?.dictOptions[c.dataIndex];
      if (!options || v === null || v === undefined) return v as string;
      return String(v).split(',').map((part) => options.find((o) => o.value === part)?.text ?? part).join(',');
    },
  }));

  const search = () => list.search(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
  const reset = () => { setDraft({}); list.search({}); };
  const confirm = () => {
    const rows = [...chosen.values()];
    const problem = selectionError(rows.length, multi);
    if (problem) { void message.warning(problem); return; }
    onOk(rows);
    setChosen(new Map());
  };
  const cancel = () => { setChosen(new Map()); onCancel(); };

  return (
    <Modal open title={meta?.cgRpConfigName ?? '请选择'} width={POPUP_WIDTH} onOk={confirm} onCancel={cancel} okText="确定" cancelText="取消" destroyOnHidden>
      {queryItems.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {queryItems.filter((q) => q.hidden !== '1').map((q) => (q.mode === 'group' ? (
            <Space.Compact key={q.field}>
              <Input aria-label={`${q.label}开始`} placeholder={`${q.label}开始`} value={draft[`${q.field}_begin`] ?? ''} onChange={(e) => setDraft({ ...draft, [`${q.field}_begin`]: e.target.value })} onPressEnter={search} />
              <Input aria-label={`${q.label}结束`} placeholder={`${q.label}结束`} value={draft[`${q.field}_end`] ?? ''} onChange={(e) => setDraft({ ...draft, [`${q.field}_end`]: e.target.value })} onPressEnter={search} />
            </Space.Compact>
          ) : (
            <Input key={q.field} aria-label={q.label} placeholder={`请输入${q.label}`} style={{ width: 200 }} value={draft[q.field] ?? ''} onChange={(e) => setDraft({ ...draft, [q.field]: e.target.value })} onPressEnter={search} />
          )))}
          <Button type="primary" onClick={search}>查询</Button>
          <Button onClick={reset}>重置</Button>
        </Space>
      )}
      <Table<Row>
        size="small"
        rowKey={popupRowKey}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        pagination={list.pagination}
        scroll={{ x: 'max-content' }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          list.update({ sort: s?.order ? { column: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined });
        }}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...chosen.keys()],
          onChange: (_keys, rows) => {
            // antd hands over only rows it has seen; keep earlier pages' choices it still lists by key.
            setChosen((prev) => {
              const next = new Map<string, Row>();
              for (const k of _keys) {
                const key = String(k);
                const row = rows.find((r) => r && popupRowKey(r) === key) ?? prev.get(key);
                if (row) next.set(key, row);
              }
              return next;
            });
          },
        }}
        onRow={(row) => ({
          onDoubleClick: () => { if (!multi) { onOk([row]); setChosen(new Map()); } },
        })}
      />
    </Modal>
  );
}
