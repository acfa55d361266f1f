import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage, dayHoursText, rangeParts, type RegistrationType } from '@salon/shared';
import './badge-card.css';

/** What a badge shows, as the e-badge page and the kiosk get it from the API. */
export interface BadgeView {
  registration: { type: RegistrationType };
  name: string;
  company: string | null;
  jobPosition: string | null;
  qr: { size: number; path: string };
  event: { name: string; startsOn: string; endsOn: string; city: string };
  hours: { day: string; opens: string; closes: string }[];
}

/**
 * A badge as the A6 PDF lays it out: the show, the type band, the holder, the QR code, the
 * entry rule and the opening hours. The QR code is drawn as an SVG from the server's path,
 * large and on white for the scanners. `children` come after (the e-badge's download link).
 */
export function BadgeCard({
  badge,
  className,
  testId,
  children,
}: {
  badge: BadgeView;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const { start, end } = rangeParts(badge.event.startsOn, badge.event.endsOn, lang);
  return (
    <article
      className={`ebadge ebadge-${badge.registration.type}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      <header className="ebadge-band">
        <p className="ebadge-show">{badge.event.name}</p>
        <p>{t('ebadge.dates', { start, end, city: badge.event.city })}</p>
      </header>
      <p className="ebadge-type">{t(`ebadge.types.${badge.registration.type}`)}</p>
      {/* As typed, each in its own direction (<bdi>): an Arabic name among French texts. */}
      <h1 className="ebadge-name">
        <bdi>{badge.name}</bdi>
      </h1>
      {badge.jobPosition && (
        <p className="ebadge-position">
          <bdi>{badge.jobPosition}</bdi>
        </p>
      )}
      {badge.company && (
        <p className="ebadge-company">
          <bdi>{badge.company}</bdi>
        </p>
      )}
      <svg
        className="ebadge-qr"
        viewBox={`0 0 ${badge.qr.size} ${badge.qr.size}`}
        role="img"
        aria-label={t('ebadge.qr')}
        shapeRendering="crispEdges"
      >
        <rect width={badge.qr.size} height={badge.qr.size} fill="#fff" />
        <path d={badge.qr.path} fill="#000" />
      </svg>
      <p className="ebadge-rule">{t('ebadge.rule')}</p>
      <h2>{t('ebadge.hours')}</h2>
      <ul className="ebadge-hours">
        {badge.hours.map((h) => (
          <li key={h.day}>{dayHoursText(h.day, h.opens, h.closes, lang)}</li>
        ))}
      </ul>
      {children}
    </article>
  );
}
