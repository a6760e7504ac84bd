import { Alert } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { locationOf } from '../../layouts/basic/menuModel';
import { serverNow, useSiteInfo } from '../../layouts/useSiteInfo';
import { racePhase } from './racePhase';

/**
 * The current race's deadline on 首页: when declaring opens, how long is left to declare (by the
 * second in its last hour), then to review. `declareList` is where the user submits, shown while
 * declaring is open. Counted on the server's clock, so a wrong clock in the browser cannot mislead.
 */
export default function RaceDeadline({ declareList, style }: { declareList?: string | null; style?: CSSProperties }) {
  const race = useSiteInfo()?.race;
  const [now, setNow] = useState(serverNow);
  const phase = racePhase(race, now);
  const lastHour = phase?.level === 'error';
  useEffect(() => {
    if (!phase?.until) return undefined;
    const timer = setInterval(() => setNow(serverNow()), lastHour ? 1000 : 30_000);
    return () => clearInterval(timer);
  }, [phase?.until, lastHour]);
  useEffect(() => setNow(serverNow()), [race]);
  if (!phase) return null;
  return (
    <Alert
      data-testid="race-deadline"
      type={phase.level}
      showIcon
      style={style}
      message={phase.text}
      action={phase.declaring && declareList ? <Link to={locationOf(declareList)}>去提交申报</Link> : undefined}
    />
  );
}
