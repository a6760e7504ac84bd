import { useMemo } from 'react';
import { richTextNodes } from '../lib/rich-text';
import styles from './RichText.module.css';

/** An article body: parsed inertly and rebuilt from an allow-list (see lib/rich-text.ts), never innerHTML. */
export function RichText({ html }: { html: string | null | undefined }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  return <div className={styles.body}>{nodes}</div>;
}
