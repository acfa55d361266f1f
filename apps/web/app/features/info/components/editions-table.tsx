import { useTranslation } from 'react-i18next';
import { numberText, ordinalText, rangeParts, type ShowEdition } from '@salon/shared';
import { FALLBACK_EDITIONS } from '../data';

interface Row {
  key: string;
  edition: number;
  current: boolean;
  dates: { start: string; end: string } | null;
  year: number;
  city: string | null;
  theme: string | null;
  exhibitors: number | null;
  visitors: number | null;
}

function rows(events: ShowEdition[], lang: string): Row[] {
  if (!events.length) {
    return FALLBACK_EDITIONS.map((e) => ({
      key: `fallback-${e.edition}`,
      edition: e.edition,
      current: e.year === 2024,
      dates: null,
      year: e.year,
      city: null,
      theme: null,
      exhibitors: e.exhibitors,
      visitors: e.visitors,
    }));
  }
  return events.map((e) => ({
    key: String(e.id),
    edition: e.edition,
    current: e.current,
    // An edition known by its year only (the specification's 2003 to 2017) shows its year.
    dates: e.startsOn && e.endsOn ? rangeParts(e.startsOn, e.endsOn, lang) : null,
    year: e.year,
    city: e.city || null,
    theme: e.theme || null,
    exhibitors: e.exhibitors,
    visitors: e.visitors,
  }));
}

/**
 * The editions since 2003: dates, city, theme and figures. The current edition's figures are
 * targets ('over 300', 'about 60 000'). On narrow screens each row reads as a card (app.css).
 */
export function EditionsTable({ events }: { events: ShowEdition[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = rows(events, lang);
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
              // The API gives the themes in French only.
              <td data-label={col('theme')} lang={lang === 'fr' ? undefined : 'fr'}>
                {r.theme ?? '—'}
              </td>
            )}
            <td data-label={col('exhibitors')}>{figure(r.exhibitors, r.current, 'over')}</td>
            <td data-label={col('visitors')}>{figure(r.visitors, r.current, 'about')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
