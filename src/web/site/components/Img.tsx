import { useState } from 'react';
import { staticUrl } from '../../app/config';
import styles from './Img.module.css';

/** A stored image (relative path or URL); a missing or broken one shows a calm placeholder with its label. */
export function Img({ src, alt, className, eager }: { src: string | null | undefined; alt: string; className?: string; eager?: boolean }) {
  const [broken, setBroken] = useState(false);
  const url = staticUrl(src);
  if (!url || broken) {
    return <div className={`${styles.placeholder} ${className ?? ''}`} role="img" aria-label={alt}><span>{alt.slice(0, 12)}</span></div>;
  }
  return <img className={className} src={url} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" onError={() => setBroken(true)} />;
}
