import { Alert } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { PageSchema } from '../../../schema/types';
import { availableTransitions, type WorkflowTransition } from '../../../schema/workflow';
import type { Row } from '../api';
import { workflowApi, type HistoryEntry } from './api';
import { stateOf } from './transitions';

/**
 * The transitions an add or edit form offers beside 保存草稿 (`form: true`, no opinion asked): those
 * the user holds from the row's state, a new row's being the initial one.
 */
export function formTransitions(schema: PageSchema, mode: 'add' | 'edit', record: Row | null, held: ((code: string) => boolean) | undefined): WorkflowTransition[] {
  const wf = schema.workflow;
  if (!wf || !held) return [];
  const state = mode === 'add' ? wf.initial : stateOf(schema, record ?? {});
  return availableTransitions(schema, state, held).filter((t) => t.form && !t.opinion && !t.panelOnly);
}

/** Whether a row in `state` got there by a transition that asks an opinion (退回修改): its form shows that opinion. */
export const reachedWithOpinion = (schema: PageSchema, state: string): boolean =>
  !!state && !!schema.workflow?.transitions.some((t) => t.to === state && t.opinion);

/**
 * The opinion that brought the row to its state (the reviewer's 退回修改意见), who gave it and when,
 * atop its form: the last step of its history into that state that carries one. Nothing otherwise.
 */
export function LastOpinion({ schema, record }: { schema: PageSchema; record: Row }) {
  const state = stateOf(schema, record);
  const wanted = reachedWithOpinion(schema, state) && record.id != null;
  const history = useMemo(() => workflowApi(schema.api).history, [schema.api]);
  const [last, setLast] = useState<HistoryEntry>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    history(String(record.id)).then((res) => {
      if (live && res.success) setLast([...res.result].reverse().find((e) => e.toState === state && e.opinion));
    }, () => undefined);
    return () => { live = false; };
  }, [history, record.id, state, wanted]);
  if (!wanted || !last) return null;
  return (
    <Alert
      className="workflow-last-opinion" type="warning" showIcon style={{ marginBottom: 16 }}
      message={`${last.transitionText}意见：${last.opinion}`}
      description={`${last.createName} ${last.createTime}`}
    />
  );
}
