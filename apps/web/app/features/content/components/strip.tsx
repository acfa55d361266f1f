import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * A horizontal carousel: a scroll-snapping list that works by touch and without scripts, with
 * previous/next buttons once scripts run.
 */
export function Strip({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // The buttons keep their place but stay out of sight (and out of reach) until they work.
  const nav = useHydrated() ? 'strip-nav' : 'strip-nav strip-nav-idle';
  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <div className={`strip ${className}`}>
      <button
        type="button"
        className={`${nav} strip-prev`}
        onClick={() => scroll(-1)}
        aria-label={t('carousel.previous')}
      >
        ‹
      </button>
      {/* Focusable, so that the keyboard can scroll it too. */}
      <ul ref={list} className="strip-list" tabIndex={0} aria-label={label}>
        {children}
      </ul>
      <button type="button" className={`${nav} strip-next`} onClick={() => scroll(1)} aria-label={t('carousel.next')}>
        ›
      </button>
    </div>
  );
}
