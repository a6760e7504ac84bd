import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { locationOf } from '../../layouts/basic/menuModel';

interface Props {
  title: string;
  value: number | string;
  icon?: ReactNode;
  /** The list the figure comes from; without it the card is not a link. */
  to?: string | null;
  footer?: ReactNode;
  testId?: string;
}

/** One figure of a dashboard, a link to the list it counts when the user may open it. */
export default function FigureCard({ title, value, icon, to, footer, testId }: Props) {
  const card = (
    <Card hoverable={!!to} size="small" data-figure={testId}>
      <Statistic title={title} value={value} prefix={icon} />
      {footer}
    </Card>
  );
  return to ? <Link to={locationOf(to)}>{card}</Link> : card;
}
