import { Col, Grid, Input, Row, Tabs } from 'antd';
import { useDeferredValue } from 'react';
import MarkdownView from './MarkdownView';
import { MARKDOWN_HEIGHT } from './settings';

export interface MarkdownEditorProps {
  value?: string | null;
  onChange?: (text: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** The field's label, naming the textarea for a screen reader. */
  'aria-label'?: string;
}

/** The `markdown` view: the text typed in a textarea, its rendering beside it (tabs on narrow screens). */
export default function MarkdownEditor({ value, onChange, disabled, readOnly, placeholder, 'aria-label': label }: MarkdownEditorProps) {
  const wide = Grid.useBreakpoint().md ?? true;
  const preview = useDeferredValue(value ?? '');
  const source = (
    <Input.TextArea
      aria-label={label ?? '编辑'}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder}
      style={{ height: MARKDOWN_HEIGHT, resize: 'none' }}
    />
  );
  const rendered = (
    <div className="markdown-preview" aria-label="预览" style={{ height: MARKDOWN_HEIGHT }}>
      <MarkdownView value={preview} />
    </div>
  );
  if (!wide) return <Tabs size="small" items={[{ key: 'edit', label: '编辑', children: source }, { key: 'preview', label: '预览', children: rendered }]} />;
  return (
    <Row gutter={8}>
      <Col span={12}>{source}</Col>
      <Col span={12}>{rendered}</Col>
    </Row>
  );
}
