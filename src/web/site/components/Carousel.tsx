import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { WebBanner } from '../../../schema/web-site';
import { Img } from './Img';
import styles from './Carousel.module.css';

const INTERVAL = 5000;

/** `hidden`: a slide out of view keeps its link out of the Tab order, as it is out of the reading order (aria-hidden). */
function BannerLink({ banner, hidden, children }: { banner: WebBanner; hidden: boolean; children: ReactNode }) {
  const link = banner.link?.trim();
  if (!link) return <>{children}</>;
  if (/^https?:\/\//i.test(link)) return <a href={link} target="_blank" rel="noopener noreferrer" tabIndex={hidden ? -1 : undefined}>{children}</a>;
  if (link.startsWith('/') && !link.startsWith('//')) return <Link to={link} tabIndex={hidden ? -1 : undefined}>{children}</Link>;
  return <>{children}</>;
}

/** The home banner: slides every 5 s, pauses while hovered or focused, with dots and arrows. */
export function Carousel({ banners }: { banners: WebBanner[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  useEffect(() => {
    if (count < 2 || paused) return;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL);
    return () => window.clearInterval(t);
  }, [count, paused]);
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="焦点图"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <div key={b.id} className={styles.slide} aria-hidden={i !== index} role="group" aria-roledescription="slide" aria-label={`${i + 1} / ${count}`}>
            <BannerLink banner={b} hidden={i !== index}>
              <Img src={b.image} alt={b.title} className={styles.image} eager={i === 0} />
              <div className={styles.caption}><div className="site-container">{b.title}</div></div>
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label="上一张" onClick={() => go(index - 1)}>‹</button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="下一张" onClick={() => go(index + 1)}>›</button>
          <div className={styles.dots}>
            {banners.map((b, i) => (
              <button type="button" key={b.id} aria-label={`第 ${i + 1} 张`} aria-current={i === index} className={i === index ? styles.dotActive : undefined} onClick={() => go(i)} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
