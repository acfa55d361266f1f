import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { ContactFormCard } from '../features/contact/components/contact-form';
import { InfoSection, MailLink } from '../features/info/components/blocks';
import { CONTACT_EMAILS, VENUE_MAP_EMBED_URL, VENUE_MAP_URL } from '../features/info/contacts';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-contact';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosContact') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const CARDS = ['general', 'exhibitors', 'sales', 'press'] as const;

/** Contact cards, the venue on a map and the contact form. */
export default function InfosContactPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="infosContact">
      <InfoSection id="contacts" title={t('pages.infosContact.cardsTitle')}>
        <ul className="contact-cards">
          {CARDS.map((card) => (
            <li key={card} className="card contact-card">
              <h3>{t(`pages.infosContact.cards.${card}.title`)}</h3>
              <p>{t(`pages.infosContact.cards.${card}.text`)}</p>
              <p>
                <MailLink email={CONTACT_EMAILS[card]} />
              </p>
            </li>
          ))}
        </ul>
      </InfoSection>
      <div className="contact-layout">
        <ContactFormCard />
        <section className="contact-map" aria-labelledby="map-title">
          <h2 id="map-title">{t('pages.infosContact.mapTitle')}</h2>
          <p>{t('pages.infosLieu.whereWhen')}</p>
          <iframe
            src={VENUE_MAP_EMBED_URL}
            title={t('pages.infosContact.mapFrameTitle')}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
          <p>
            <a href={VENUE_MAP_URL}>{t('pages.infosContact.mapLink')}</a>
          </p>
        </section>
      </div>
    </InfoPage>
  );
}
