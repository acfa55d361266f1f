import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { telHref, type Contact, type PublicSiteSettings } from '../../../lib/site-settings';
import { MailLink } from './blocks';

type Venue = PublicSiteSettings['venue'];

/** The venue's name and address as the organiser published them; nothing when they did not. */
export function VenueAddress({ venue }: { venue: Venue }) {
  if (!venue.name && !venue.address) return null;
  return (
    <address className="info-venue">
      {venue.name && <strong>{venue.name}</strong>}
      {venue.address?.split('\n').map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}

/** A link that opens the venue on a map (the organiser's, else a search for the address or the city). */
export function VenueMapLink({ venue, className }: { venue: Venue; className?: string }) {
  const { t } = useTranslation();
  if (!venue.mapUrl) return null;
  return (
    <p>
      <a className={className} href={venue.mapUrl}>
        {t('pages.infosLieu.mapLink')}
      </a>
    </p>
  );
}

/** The venue on an embedded map, made from its name, address and city. */
export function VenueMapFrame({ venue }: { venue: Venue }) {
  const { t } = useTranslation();
  if (!venue.mapEmbedUrl) return null;
  return (
    <iframe
      className="info-venue-map"
      src={venue.mapEmbedUrl}
      title={t('pages.infosContact.mapFrameTitle')}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
    />
  );
}

/**
 * How to reach a team: its e-mail and phone, each line only when the organiser published it;
 * with neither, the way to the contact form.
 */
export function ContactLines({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  if (!contact.email && !contact.phone) {
    return (
      <p>
        <Link className="info-more" to={paths.infosContact}>
          {t('contact.viaForm')}
        </Link>
      </p>
    );
  }
  return (
    <dl className="info-contact-details">
      {contact.email && (
        <>
          <dt>{t('contact.emailLabel')}</dt>
          <dd>
            <MailLink email={contact.email} />
          </dd>
        </>
      )}
      {contact.phone && (
        <>
          <dt>{t('contact.phoneLabel')}</dt>
          <dd>
            <PhoneLink phone={contact.phone} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** A phone number that dials on a phone; it never breaks inside the number. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="info-phone" href={telHref(phone)}>
      {phone}
    </a>
  );
}
