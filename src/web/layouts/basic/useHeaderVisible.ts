import { useEffect, useState } from 'react';
import { headerVisibleAfterScroll } from './headerScroll';

/** Whether the fixed header shows, when "hide header on scroll" is on. */
export function useHeaderVisible(autoHide: boolean): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!autoHide) return undefined;
    let lastTop = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = window.scrollY;
        setVisible(headerVisibleAfterScroll(lastTop, top));
        lastTop = top;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [autoHide]);
  return visible;
}
