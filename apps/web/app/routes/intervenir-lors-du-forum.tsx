import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { BulletList, InfoSection, ItemList, MailLink } from '../features/info/components/blocks';
import { CONTACT_EMAILS } from '../features/info/contacts';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/intervenir-lors-du-forum';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'intervenir') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Intervenir lors du Forum': benefits, five reasons, contact by e-mail (the phone number on request). */
export default function IntervenirLorsDuForumPage() {
  const { t } = useTranslation();
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
        <dl className="info-contact-details">
          <dt>{t('pages.intervenir.emailLabel')}</dt>
          <dd>
            <MailLink email={CONTACT_EMAILS.general} />
          </dd>
          <dt>{t('pages.intervenir.phoneLabel')}</dt>
          <dd>{t('pages.intervenir.phoneText')}</dd>
        </dl>
        <p>
          <Link className="info-more" to={paths.programme}>
            {t('pages.intervenir.programmeLink')}
          </Link>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
