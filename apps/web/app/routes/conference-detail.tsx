import { asLanguage, getConference, pickFilled, FORUM_STAND } from '@salon/shared';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { VisitToggle } from '../components/visit-toggle';
import { visitOf } from '../features/my-visit/visit.server';
import { ConferenceRegistrationFormCard } from '../features/programme/components/conference-registration-form';
import { conferenceTitle, dayText, slotText } from '../lib/conference-format';
import { paths, standOnPlan } from '../config/paths';
import { seoMeta } from '../lib/seo';
import { useShowYear } from '../lib/show';
import { pageSeo } from '../lib/seo.server';
import { serverT } from '../lib/i18n.server';
import { loaderCall, LoaderApiError } from '../lib/server-api';
import type { Route } from './+types/conference-detail';
import '../features/programme/programme.css';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const seo = pageSeo(request, context, 'conference');
  try {
    const { data: conference } = await loaderCall(context, getConference, { params: { id: params.id } });
    if (!conference) throw new LoaderApiError(404, `conferences/${params.id}`);
    const { lang } = serverT(request, context);
    const kept = visitOf(request).conferences.includes(conference.id);
    return { seo: { ...seo, title: `${conference.number} — ${conferenceTitle(conference, lang)}` }, conference, kept };
  } catch (err) {
    if (err instanceof LoaderApiError && (err.status === 404 || err.status === 400)) {
      throw data({ seo }, { status: 404 });
    }
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => seoMeta(loaderData?.seo);

export default function ConferenceDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const year = useShowYear();
  const { conference } = loaderData;
  const theme = pickFilled(lang, conference.theme);
  return (
    <article className="container page conference-page">
      <p>
        <Link to={paths.programme}>← {t('pages.programme.title')}</Link>
      </p>
      <p className="conference-number">{conference.number}</p>
      <h1>{conferenceTitle(conference, lang)}</h1>
      <p className="conference-when">
        {dayText(conference.day, lang)} · {slotText(conference, lang)}
      </p>
      <VisitToggle
        kind="conferences"
        id={conference.id}
        kept={loaderData.kept}
        name={conferenceTitle(conference, lang)}
      />
      {theme && (
        <p>
          <strong>{t('programme.theme')} :</strong> {theme}
        </p>
      )}
      <p>{pickFilled(lang, conference.description)}</p>
      {year && (
        <p>
          {t('plan.forumWhere')}{' '}
          <Link className="see-on-plan" to={standOnPlan(FORUM_STAND, year)}>
            {t('plan.seeOnPlan')}
          </Link>
        </p>
      )}
      <ConferenceRegistrationFormCard conferenceId={conference.id} />
    </article>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <h1>{t('conference.notFound')}</h1>
      <Link className="btn btn-primary" to={paths.programme}>
        {t('pages.programme.title')}
      </Link>
    </div>
  );
}
