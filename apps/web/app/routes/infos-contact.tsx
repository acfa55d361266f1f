import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { ContactFormCard } from '../features/contact/components/contact-form';
import { InfoSection } from '../features/info/components/blocks';
import { ContactLines, VenueAddress, VenueMapFrame, VenueMapLink } from '../features/info/components/venue';
import { useSiteSettings } from '../lib/site-settings';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-contact';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosContact') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

const CARDS = ['general', 'exhibitors', 'sales', 'press'] as const;

/**
 * Contact cards (the teams whose e-mail or phone the organiser published), the venue on a map and
 * the contact form.
 */
export default function InfosContactPage() {
  const { t } = useTranslation();
  const { contacts, venue } = useSiteSettings();
  const cards = CARDS.filter((card) => contacts[card].email || contacts[card].phone);
  return (
    <InfoPage pageKey="infosContact">
      {cards.length > 0 && (
        <InfoSection id="contacts" title={t('pages.infosContact.cardsTitle')}>
          <ul className="contact-cards">
            {cards.map((card) => (
              <li key={card} className="card contact-card">
                <h3>{t(`pages.infosContact.cards.${card}.title`)}</h3>
                <p>{t(`pages.infosContact.cards.${card}.text`)}</p>
                <ContactLines contact={contacts[card]} />
              </li>
            ))}
          </ul>
        </InfoSection>
      )}
      <div className="contact-layout">
        <ContactFormCard />
        <section className="contact-map" aria-labelledby="map-title">
          <h2 id="map-title">{t('pages.infosContact.mapTitle')}</h2>
          <p>{t('pages.infosLieu.whereWhen')}</p>
          <VenueAddress venue={venue} />
          <VenueMapFrame venue={venue} />
          <VenueMapLink venue={venue} />
        </section>
      </div>
    </InfoPage>
  );
}
