import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { asLanguage, type Answer, type visitListSchema } from '@salon/shared';
import { VisitToggle } from '../../../components/visit-toggle';
import { paths, standOnPlan } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import { conferenceTitle, dayText, groupByDay, slotText } from '../../../lib/conference-format';
import '../my-visit.css';

export type VisitList = Answer<typeof visitListSchema>['data'];

/**
 * A visit list's exhibitors (hall, stand) and conferences (by day), each a link to its page, and
 * the conferences as a calendar file. `editable`: the device's own list, where each line has its
 * star and its stand's 'Voir sur le plan' (`year`); the badge's kept list shows the lines alone.
 */
export function VisitItems({
  items,
  level,
  editable = false,
  year,
}: {
  items: VisitList;
  /** The level of the lists' headings, under the page's or the card's. */
  level: 2 | 3;
  editable?: boolean;
  year?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const { exhibitors, conferences } = items;
  const Heading = `h${level}` as const;
  const DayHeading = `h${level + 1}` as 'h3' | 'h4';
  const id = editable ? 'visit' : 'badge-visit';
  return (
    <>
      {exhibitors.length > 0 && (
        <section aria-labelledby={`${id}-exhibitors`}>
          <Heading id={`${id}-exhibitors`}>{t('visit.exhibitors')}</Heading>
          <ul className="my-visit-list">
            {exhibitors.map((e) => (
              <li key={e.id}>
                <div>
                  <Link to={`${paths.annuaire}/${e.slug}`} className="my-visit-name">
                    <bdi>{e.company}</bdi>
                  </Link>
                  <span className="muted">
                    {[e.gate?.name, e.booth ? `${t('directory.stand')} ${e.booth}` : t('visit.noStand')]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {editable && e.booth && year && (
                    <Link className="see-on-plan" to={standOnPlan(e.booth, year)}>
                      {t('plan.seeOnPlan')}
                    </Link>
                  )}
                </div>
                {editable && <VisitToggle kind="exhibitors" id={e.id} kept name={e.company} compact />}
              </li>
            ))}
          </ul>
        </section>
      )}
      {conferences.length > 0 && (
        <section aria-labelledby={`${id}-conferences`}>
          <Heading id={`${id}-conferences`}>{t('visit.conferences')}</Heading>
          {groupByDay(conferences).map(([day, talks]) => (
            <div key={day}>
              <DayHeading>{dayText(day, lang)}</DayHeading>
              <ul className="my-visit-list">
                {talks.map((c) => (
                  <li key={c.id}>
                    <div>
                      <Link to={`${paths.conference}/${c.id}`} className="my-visit-name">
                        {c.number} — {conferenceTitle(c, lang)}
                      </Link>
                      <span className="muted">{slotText(c, lang)}</span>
                    </div>
                    {editable && (
                      <VisitToggle kind="conferences" id={c.id} kept name={conferenceTitle(c, lang)} compact />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <p>
            <a
              className="btn btn-primary"
              href={`${API_BASE}visit/calendar.ics?conferences=${conferences.map((c) => c.id).join(',')}&lang=${lang}`}
              download
            >
              {t('visit.calendar')}
            </a>
          </p>
        </section>
      )}
    </>
  );
}
