import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { PageSchema } from '../../../schema/types';
import type { WorkflowTransition } from '../../../schema/workflow';
import { useActionKeys } from '../../api/idempotency';
import { refusalOf } from '../../api/refusal';
import type { Row } from '../api';
import { workflowApi } from './api';
import { OpinionModal } from './OpinionModal';
import { confirmText, fireBody } from './transitions';

/**
 * Firing a page's transitions: one with an opinion asks it in a modal (a refusal stays in view
 * there), one without asks its confirm text; the server's message is shown and `onFired` reloads.
 */
export function useTransition(schema: PageSchema, onFired: (rows: Row[]) => void) {
  const { message, modal } = App.useApp();
  const api = useMemo(() => workflowApi(schema.api), [schema.api]);
  const [asking, setAsking] = useState<{ transition: WorkflowTransition; rows: Row[] } | null>(null);

  // One idempotency key per transition of the same rows: a second click, or a retry after an error, fires it once.
  const actionKeys = useActionKeys();
  /** Resolves to the refusal of a 200 envelope, or undefined once fired; a 4xx throws. */
  const send = useCallback(async (t: WorkflowTransition, rows: Row[], opinion?: string): Promise<string | undefined> => {
    const body = fireBody(schema, t, rows, opinion);
    const res = await api.fire(body, { key: actionKeys.for(body) });
    if (!res.success) return res.message || '操作失败';
    actionKeys.done(body);
    void message.success(res.message || `${t.label}成功！`);
    onFired(rows);
    return undefined;
  }, [actionKeys, api, message, onFired, schema]);

  const fire = useCallback((t: WorkflowTransition, rows: Row[]) => {
    if (t.opinion) { setAsking({ transition: t, rows }); return; }
    modal.confirm({
      title: t.label,
      content: confirmText(t, rows.length),
      okType: t.danger ? 'danger' : 'primary',
      // a 4xx has been shown by the request layer already
      onOk: () => send(t, rows).then((refusal) => { if (refusal) void message.warning(refusal); }, () => undefined),
    });
  }, [message, modal, send]);

  const submitOpinion = async (opinion: string) => {
    const { transition, rows } = asking!;
    const refusal = await send(transition, rows, opinion).catch((e: unknown) => refusalOf(e) ?? '操作失败');
    if (!refusal) setAsking(null);
    return refusal;
  };

  const opinionModal = asking && (
    <OpinionModal transition={asking.transition} count={asking.rows.length} onSubmit={submitOpinion} onClose={() => setAsking(null)} />
  );

  return { fire, opinionModal };
}
