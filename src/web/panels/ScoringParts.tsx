import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Tooltip } from 'antd';
import { scoreProblem, type Indicator, type SheetScores } from '../../schema/scoring';

/**
 * One indicator's score. No `min` or `max` on the input: antd would turn −3 into 0 and 31 into 30
 * as the field loses focus, hiding the mistake; the sheet tells it instead and the field is marked.
 */
export function ScoreInput({ indicator, scores, disabled, onChange, width }: {
  indicator: Indicator; scores: SheetScores; disabled: boolean; onChange: (next: SheetScores) => void; width: number;
}) {
  const v = scores[indicator.id];
  const wrong = v !== null && v !== undefined && !!scoreProblem(indicator, v);
  return (
    <InputNumber
      aria-label={indicator.name} step={0.5} disabled={disabled} style={{ width }} addonAfter={`/ ${indicator.maxScore}`}
      status={wrong ? 'error' : undefined} aria-invalid={wrong || undefined}
      value={v ?? null}
      onChange={(n) => onChange({ ...scores, [indicator.id]: n ?? null })}
    />
  );
}

/** The 权重 column's title, saying what a weight does. */
export const WEIGHT_TITLE = (
  <Tooltip title="每项得分按满分折算后乘以权重，加权合计折合为百分制总分">
    <span>权重 <QuestionCircleOutlined aria-label="权重的含义" /></span>
  </Tooltip>
);

/**
 * 保存 and 提交评分: 提交评分 is greyed while the sheet cannot be submitted, the reason (every
 * problem of the sheet) in its tooltip, so it is never offered only to be refused.
 */
export function SheetButtons({ save, submit, busy, blocker }: { save: () => void; submit: () => void; busy: boolean; blocker: string | null }) {
  return (
    <Space>
      <Button onClick={save} loading={busy}>保存</Button>
      <Tooltip title={blocker}>
        {/* A disabled button takes no hover: the span carries the tooltip. */}
        <span className="sheet-submit" data-blocker={blocker ?? undefined}>
          <Button type="primary" onClick={submit} loading={busy} disabled={!!blocker}>提交评分</Button>
        </span>
      </Tooltip>
    </Space>
  );
}
