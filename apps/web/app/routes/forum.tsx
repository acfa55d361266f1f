import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { BulletList, InfoSection, PageLinks } from '../features/info/components/blocks';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/forum';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'forum') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The forum presentation, with a button to the programme. */
export default function ForumPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="forum">
      <InfoSection id="debat" title={t('pages.forum.aboutTitle')}>
        <p>{t('pages.forum.about')}</p>
      </InfoSection>
      <InfoSection id="au-programme" title={t('pages.forum.formatsTitle')}>
        <BulletList pageKey="forum" group="formats" ids={['conferences', 'academy', 'sponsors']} />
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
