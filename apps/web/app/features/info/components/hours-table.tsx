import { useTranslation } from 'react-i18next';
import type { OpeningDay } from '../data';
import { asLanguage, dayText, hoursText, weekdayText } from '@salon/shared';

/** The show's opening hours, one row per day (or a line saying they cannot be read now). */
export function OpeningHoursTable({ days }: { days: OpeningDay[] }) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  if (!days.length) return <p className="info-muted">{t('pages.infosHoraire.table.unavailable')}</p>;
  return (
    <table className="info-table info-hours">
      <caption>{t('pages.infosHoraire.table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('pages.infosHoraire.table.day')}</th>
          <th scope="col">{t('pages.infosHoraire.table.hours')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">
              {weekdayText(d.day, lang)} <time dateTime={d.day.slice(0, 10)}>{dayText(d.day, lang)}</time>
            </th>
            <td className="info-nowrap">{hoursText(d.opensAt, d.closesAt, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
