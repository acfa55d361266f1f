import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type Language,
  LANGUAGES,
  pickFilled,
  asLanguage,
  numberText,
  ordinalText,
  rangeParts,
  type EditionFacts,
  type ShowEdition,
} from '@salon/shared';
import { pathOf } from '../../../config/paths';
import { FALLBACK_PAST_EDITIONS } from '../data';

interface Row {
  key: string;
  edition: number;
  current: boolean;
  dates: { start: string; end: string } | null;
  year: number;
  city: string | null;
  theme: string | null;
  /** The theme's language when it is not the page's: the organiser gave none in the page's language. */
  themeLang?: Language;
  exhibitors: number | null;
  visitors: number | null;
}

function rows(events: ShowEdition[], show: EditionFacts | null, lang: Language): Row[] {
  if (!events.length) {
    const past = FALLBACK_PAST_EDITIONS.filter((e) => !show || e.year < show.year);
    return [
      ...past.map((e) => ({ ...e, key: `fallback-${e.edition}`, current: false })),
      ...(show
        ? [{ edition: show.edition, year: show.year, exhibitors: null, visitors: null, key: 'current', current: true }]
        : []),
    ].map((e) => ({ ...e, dates: null, city: null, theme: null }));
  }
  return events.map((e) => ({
    key: String(e.id),
    edition: e.edition,
    current: e.current,
    // An edition known by its year only (the specification's 2003 to 2017) shows its year.
    dates: e.startsOn && e.endsOn ? rangeParts(e.startsOn, e.endsOn, lang) : null,
    year: e.year,
    city: e.city || null,
    theme: pickFilled(lang, e.theme) || null,
    themeLang: e.theme[lang] ? undefined : LANGUAGES.find((l) => e.theme[l]),
    exhibitors: e.exhibitors,
    visitors: e.visitors,
  }));
}

/**
 * The editions since 2003: dates, city, theme and figures. The current edition's figures are
 * targets ('over 300', 'about 60 000'). An edition whose plan the site holds (`archived`, its
 * year) links its plan and programme, which stay at their year. On narrow screens each row reads
 * as a card (app.css).
 */
export function EditionsTable({
  events,
  show,
  archived = [],
}: {
  events: ShowEdition[];
  show: EditionFacts | null;
  archived?: number[];
}) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const data = rows(events, show, lang);
  const withDetails = data.some((r) => r.dates);
  const figure = (value: number | null, current: boolean, kind: 'over' | 'about') => {
    if (value === null) return <span className="info-muted">{t('pages.historique.notAvailable')}</span>;
    const text = numberText(value, lang);
    return current
      ? t(kind === 'over' ? 'pages.historique.expectedOver' : 'pages.historique.expectedAbout', { value: text })
      : text;
  };
  const col = (key: string) => t(`pages.historique.columns.${key}`);
  return (
    <table className="info-table info-editions">
      <caption>{t('pages.historique.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{col('edition')}</th>
          <th scope="col">{withDetails ? col('dates') : col('year')}</th>
          {withDetails && <th scope="col">{col('city')}</th>}
          {withDetails && <th scope="col">{col('theme')}</th>}
          <th scope="col">{col('exhibitors')}</th>
          <th scope="col">{col('visitors')}</th>
          {withDetails && <th scope="col">{col('links')}</th>}
        </tr>
      </thead>
      <tbody>
        {data.map((r) => (
          <tr key={r.key} className={r.current ? 'info-current' : undefined}>
            <th scope="row">{t('pages.historique.editionLabel', { ordinal: ordinalText(r.edition, lang) })}</th>
            <td data-label={withDetails ? col('dates') : col('year')}>
              {r.dates ? t('pages.historique.range', { start: r.dates.start, end: r.dates.end }) : r.year}
            </td>
            {withDetails && <td data-label={col('city')}>{r.city ?? '—'}</td>}
            {withDetails && (
              <td data-label={col('theme')} lang={r.themeLang}>
                {r.theme ?? '—'}
              </td>
            )}
            <td data-label={col('exhibitors')}>{figure(r.exhibitors, r.current, 'over')}</td>
            <td data-label={col('visitors')}>{figure(r.visitors, r.current, 'about')}</td>
            {withDetails && (
              <td data-label={col('links')}>
                {archived.includes(r.year) ? (
                  <span className="info-edition-links">
                    <Link to={pathOf('plan', r.year)}>{t('pages.plan.title', { year: r.year })}</Link>
                    <Link to={pathOf('programmePdf', r.year)}>{t('pages.programmePdf.title', { year: r.year })}</Link>
                  </span>
                ) : (
                  '—'
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
