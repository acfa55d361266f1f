import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { BulletList, InfoSection, ItemList } from '../features/info/components/blocks';
import { ContactLines } from '../features/info/components/venue';
import { useContact } from '../lib/site-settings';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/intervenir-lors-du-forum';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'intervenir') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Intervenir lors du Forum': benefits, five reasons, contact by e-mail and phone (the forum team's, else the general one). */
export default function IntervenirLorsDuForumPage() {
  const { t } = useTranslation();
  const contact = useContact('speakers');
  return (
    <InfoPage pageKey="intervenir">
      <InfoSection id="avantages" title={t('pages.intervenir.benefitsTitle')}>
        <BulletList pageKey="intervenir" group="benefits" ids={['b1', 'b2', 'b3', 'b4', 'b5']} />
      </InfoSection>
      <InfoSection id="raisons" title={t('pages.intervenir.reasonsTitle')}>
        <ItemList pageKey="intervenir" group="reasons" ids={['r1', 'r2', 'r3', 'r4', 'r5']} ordered />
      </InfoSection>
      <InfoSection id="contact" title={t('pages.intervenir.contactTitle')} className="info-contact-box">
        <p>{t('pages.intervenir.contactText')}</p>
        <ContactLines contact={contact} />
        <p>
          <Link className="info-more" to={paths.programme}>
            {t('pages.intervenir.programmeLink')}
          </Link>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
