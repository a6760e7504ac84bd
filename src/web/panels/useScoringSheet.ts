import { App } from 'antd';
import { useEffect, useState } from 'react';
import type { Result, WriteOptions } from '../api/request';
import { useActionKeys } from '../api/idempotency';
import { sheetProblem, sheetTotal, type Indicator, type SheetScores } from '../../schema/scoring';
import { useServerCall } from './useServerCall';

/** What a scoring panel's server answers for one sheet (项目评分, 考核任务). */
export interface ScoringSheetData {
  state: string;
  indicators: Indicator[];
  scores: SheetScores;
  comment: string;
  commentBelow: number | null;
}

/**
 * One scoring sheet being filled: loads it, keeps scores and comment, tells a problem as the server
 * would (src/schema/scoring.ts, the same functions), shows the total of the valid scores as typed;
 * 保存 keeps a draft, 提交评分 saves then submits after a confirmation, and `blocker` says why it
 * cannot be sent yet (unscored items, a missing comment). `editable` says whether the sheet is still open.
 */
export function useScoringSheet<T extends ScoringSheetData>(opts: {
  id: string;
  open: boolean;
  api: { sheet: (id: string) => Promise<Result<T>>; save: (id: string, scores: SheetScores, comment: string, opts?: WriteOptions) => Promise<Result<null>>; submit: (id: string, opts?: WriteOptions) => Promise<Result<null>> };
  editable: (sheet: T) => boolean;
  onClose: (changed?: boolean) => void;
}) {
  const { modal } = App.useApp();
  const { id, open, api, onClose } = opts;
  const [sheet, setSheet] = useState<T>();
  const [scores, setScores] = useState<SheetScores>({});
  const [comment, setComment] = useState('');
  const { send, busy, problem, setProblem } = useServerCall();

  useEffect(() => {
    if (!open || !id) return;
    void api.sheet(id).then((res) => {
      if (!res.success) { setProblem(res.message); return; }
      setSheet(res.result);
      setScores(res.result.scores);
      setComment(res.result.comment);
    }).catch(() => undefined);
  }, [open, id]); // eslint-disable-line react-hooks/exhaustive-deps

  const indicators = sheet?.indicators ?? [];
  const total = sheetTotal(indicators, scores);
  const locked = !sheet || !opts.editable(sheet);
  /** Why 提交评分 cannot be sent now (the server's own checks), or null when it can. */
  const blocker = !indicators.length ? '尚未设置评分标准' : sheetProblem(indicators, scores, { complete: true, comment, commentBelow: sheet?.commentBelow });

  /** A score out of bounds is told at once, as the server would tell it. */
  const change = (next: SheetScores) => {
    setScores(next);
    setProblem(sheetProblem(indicators, next, { complete: false }));
  };
  const check = (complete: boolean) => {
    const found = sheetProblem(indicators, scores, { complete, comment, commentBelow: sheet?.commentBelow });
    setProblem(found);
    return !found;
  };
  // One idempotency key per sending of the same scores (a second click, a retry after an error).
  const actionKeys = useActionKeys();
  const saveSheet = async () => {
    const sent = ['save', id, scores, comment];
    if (!(await send(() => api.save(id, scores, comment, { key: actionKeys.for(sent) })))) return false;
    actionKeys.done(sent);
    return true;
  };
  const submitSheet = async () => {
    const sent = ['submit', id];
    if (!(await send(() => api.submit(id, { key: actionKeys.for(sent) })))) return false;
    actionKeys.done(sent);
    return true;
  };
  const save = async () => {
    if (check(false) && await saveSheet()) onClose(true);
  };
  const submit = () => {
    if (blocker || !check(true)) return;
    modal.confirm({
      title: '提交评分',
      content: `总分 ${total} 分，提交后不能修改，确定提交评分吗？`,
      onOk: async () => {
        if (await saveSheet() && await submitSheet()) onClose(true);
      },
    });
  };
  const editComment = (text: string) => { setProblem(null); setComment(text); };

  return { sheet, indicators, scores, comment, editComment, total, locked, blocker, change, save, submit, busy, problem };
}
