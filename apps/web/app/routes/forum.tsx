import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { InfoSection, PageLinks } from '../features/info/components/blocks';
import { forumFormats } from '../features/programme/forum-formats';
import { asLanguage, getConferences } from '@salon/shared';
import { loaderDataOr, previewedYear } from '../lib/server-api';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/forum';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const conferences = await loaderDataOr(context, getConferences, { query: previewedYear(context) }, []);
  return { seo: pageSeo(request, context, 'forum'), conferences };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The forum presentation, its formats as the programme holds them, and a button to the programme. */
export default function ForumPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const formats = forumFormats(loaderData.conferences, asLanguage(i18n.language), t);
  return (
    <InfoPage pageKey="forum">
      <InfoSection id="debat" title={t('pages.forum.aboutTitle')}>
        <p>{t('pages.forum.about')}</p>
      </InfoSection>
      <InfoSection id="au-programme" title={t('pages.forum.formatsTitle')}>
        {formats.length ? (
          <ul className="info-bullets">
            {formats.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>{t('pages.forum.formats.empty')}</p>
        )}
        <p>
          <Link className="btn btn-primary" to={paths.programme}>
            {t('pages.forum.programmeButton')}
          </Link>
        </p>
      </InfoSection>
      <InfoSection id="public" title={t('pages.forum.audienceTitle')}>
        <p>{t('pages.forum.audience')}</p>
      </InfoSection>
      <InfoSection id="participer" title={t('pages.forum.moreTitle')}>
        <PageLinks
          links={[
            { key: 'programme', to: paths.programme },
            { key: 'intervenir', to: paths.intervenir },
            { key: 'biographies', to: paths.biographies },
            { key: 'assisterAuForum', to: paths.assisterAuForum },
          ]}
        />
      </InfoSection>
    </InfoPage>
  );
}
