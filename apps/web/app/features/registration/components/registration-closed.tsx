import { useTranslation } from 'react-i18next';
import { asLanguage, formatDate, formatTime, numberText, type RegistrationState } from '@salon/shared';
import { homeFormIds } from '../../../config/paths';

/**
 * What the home page says instead of its forms when the edition takes no registration: not open
 * yet (from when), closed before the show (entry on site stays free), or the show is over (its
 * figures, and the newsletter for the next one). The forms' anchors lead here, so that the site's
 * 'Obtenir mon badge' and 'Exposer' say why there is no form.
 */
export function RegistrationClosed({
  state,
  figures,
}: {
  state: RegistrationState;
  figures: { exhibitors: number | null; visitors: number | null } | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const key = state.opensAt ? 'notYet' : state.phase === 'after' ? 'over' : 'closed';
  const values = state.opensAt ? { date: formatDate(state.opensAt, lang), time: formatTime(state.opensAt) } : {};
  return (
    <section className="home-closed container" aria-labelledby="registration-closed-title">
      <article id={homeFormIds.visitorRegistration} className="card" tabIndex={-1}>
        <h2 id="registration-closed-title">{t(`home.closed.${key}.title`, values)}</h2>
        <p>{t(`home.closed.${key}.text`, values)}</p>
        {key === 'over' && figures?.exhibitors && figures.visitors ? (
          <p>
            {t('home.closed.over.figures', {
              exhibitors: numberText(figures.exhibitors, lang),
              visitors: numberText(figures.visitors, lang),
            })}
          </p>
        ) : null}
        <p id={homeFormIds.exhibitorEnquiry} tabIndex={-1}>
          {t(`home.closed.${key === 'over' ? 'next' : 'meanwhile'}`)}{' '}
          <a href="#newsletter">{t('home.closed.newsletter')}</a>
        </p>
      </article>
    </section>
  );
}
