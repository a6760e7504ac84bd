import { TIE_BREAK_RULE, type WebRanking } from '../../../schema/web-site';
import { webApi } from '../api/web';
import { Loaded } from '../components/Status';
import { useLoad } from '../lib/useLoad';
import styles from './Ranking.module.css';

/** The published rankings, newest contest first, one table per track. Nothing shows before a contest publishes. */
export function Ranking() {
  const load = useLoad((s) => webApi.ranking(s), []);
  // A section that may well be empty: nothing while it loads, nothing when no contest has published.
  if (load.status === 'loading' || (load.status === 'ready' && !load.data?.length)) return null;
  return (
    <Loaded load={load} what="排名" isEmpty={(d) => !d.length}>
      {(races) => <>{races.map((race) => <RaceRanking key={race.id} race={race} />)}</>}
    </Loaded>
  );
}

/** Whether another project of the same track holds the same rank (a tie the rule could not break). */
const shared = (race: WebRanking, p: WebRanking['projects'][number]) =>
  race.projects.some((q) => q !== p && q.track_dictText === p.track_dictText && q.rank === p.rank);

function RaceRanking({ race }: { race: WebRanking }) {
  const tracks = [...new Set(race.projects.map((p) => p.track_dictText))];
  return (
    <section className={styles.ranking} aria-label={`${race.title}获奖排名`}>
      <h2 className={styles.title}>{race.title} · 评审结果{race.publishTime && <small>公示于 {race.publishTime.slice(0, 10)}</small>}</h2>
      <div className={styles.tracks}>
        {tracks.map((track) => (
          <table key={track} className={styles.table}>
            <caption>{track}赛道</caption>
            <thead><tr><th>排名</th><th>项目</th><th>单位</th><th>得分</th></tr></thead>
            <tbody>
              {race.projects.filter((p) => p.track_dictText === track).map((p) => (
                <tr key={p.id}><td>{p.rank}{shared(race, p) && <small className={styles.tie}>并列</small>}</td><td>{p.name}</td><td>{p.orgName}</td><td>{p.finalScore?.toFixed(2)}</td></tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p className={styles.rule}>排名规则：按最终得分从高到低；{TIE_BREAK_RULE}</p>
    </section>
  );
}
