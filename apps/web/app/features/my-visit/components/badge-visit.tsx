import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { dayText, hourText, type Answer, type visitListSchema } from '@salon/shared';
import { paths } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import { localized } from '../../../lib/localized';
import '../my-visit.css';

type VisitItems = Answer<typeof visitListSchema>['data'];

/**
 * 'Ma visite' on the badge's page: the list kept with the badge, which every device that opens
 * the badge's link shows, with the forms that keep this device's list there or bring the
 * badge's onto this device. Both are plain forms: they work without scripts, as the page does.
 */
export function BadgeVisit({ token, kept, deviceCount }: { token: string; kept: VisitItems; deviceCount: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { pathname, search } = useLocation();
  const count = kept.exhibitors.length + kept.conferences.length;
  const form = (op: 'keep' | 'take', label: string) => (
    <form method="post" action={`${API_BASE}visit`}>
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <button type="submit" className="btn btn-outline btn-block">
        {label}
      </button>
    </form>
  );
  return (
    <section className="card badge-visit my-visit" aria-labelledby="badge-visit">
      <h2 id="badge-visit">{t('visit.badgeTitle')}</h2>
      {count === 0 && <p className="muted">{t('visit.badgeNone')}</p>}
      {kept.exhibitors.length > 0 && (
        <ul className="my-visit-list" aria-label={t('visit.exhibitors')}>
          {kept.exhibitors.map((e) => (
            <li key={e.id}>
              <div>
                <Link to={`${paths.annuaire}/${e.slug}`} className="my-visit-name">
                  {e.company}
                </Link>
                <span className="muted">
                  {[e.gate?.name, e.booth && `${t('directory.stand')} ${e.booth}`].filter(Boolean).join(' · ')}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {kept.conferences.length > 0 && (
        <>
          <ul className="my-visit-list" aria-label={t('visit.conferences')}>
            {kept.conferences.map((c) => (
              <li key={c.id}>
                <div>
                  <Link to={`${paths.conference}/${c.id}`} className="my-visit-name">
                    {c.number} — {localized(lang, c.titleFr, c.titleEn)}
                  </Link>
                  <span className="muted">
                    {dayText(c.day, lang)} · {hourText(c.startsAt)} – {hourText(c.endsAt)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <p>
            <a
              href={`${API_BASE}visit/calendar.ics?conferences=${kept.conferences.map((c) => c.id).join(',')}&lang=${lang}`}
              download
            >
              {t('visit.calendar')}
            </a>
          </p>
        </>
      )}
      {deviceCount > 0 && (
        <>
          <p>{t('visit.badgeDevice', { count: deviceCount })}</p>
          {form('keep', t('visit.badgeKeep'))}
        </>
      )}
      {count > 0 && form('take', t('visit.badgeTake'))}
    </section>
  );
}
