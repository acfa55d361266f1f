import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { InfoSection, ItemList } from '../features/info/components/blocks';
import { ContactLines } from '../features/info/components/venue';
import { useContact } from '../lib/site-settings';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/pourquoi-sponsoriser';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'pourquoiSponsoriser') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Pourquoi sponsoriser ?': five reasons and the sales team's contact. */
export default function PourquoiSponsoriserPage() {
  const { t } = useTranslation();
  const sales = useContact('sales');
  return (
    <InfoPage pageKey="pourquoiSponsoriser">
      <InfoSection id="raisons" title={t('pages.pourquoiSponsoriser.reasonsTitle')}>
        <ItemList pageKey="pourquoiSponsoriser" group="reasons" ids={['r1', 'r2', 'r3', 'r4', 'r5']} ordered />
      </InfoSection>
      <InfoSection id="contact" title={t('pages.pourquoiSponsoriser.contactTitle')} className="info-contact-box">
        <p>{t('pages.pourquoiSponsoriser.contactText')}</p>
        {sales.email && (
          <p>
            <a className="btn info-btn-outline" href={`mailto:${sales.email}`}>
              {t('pages.pourquoiSponsoriser.contactButton')}
            </a>
          </p>
        )}
        <ContactLines contact={sales} />
      </InfoSection>
    </InfoPage>
  );
}
