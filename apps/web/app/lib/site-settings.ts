import { useRouteLoaderData } from 'react-router';
import type { ContactKey, PublicSiteSettings } from '@salon/shared';

export type { ContactKey, PublicSiteSettings };
export type Contact = PublicSiteSettings['contacts'][ContactKey];

const none: Contact = { email: null, phone: null };

/** When the API could not answer: nothing is published (pages leave their contact lines out). */
export const NO_SITE_SETTINGS: PublicSiteSettings = {
  venue: { name: null, address: null, city: null, mapUrl: null, mapEmbedUrl: null },
  contacts: { general: none, exhibitors: none, sales: none, press: none, speakers: none },
  virtualTourUrl: null,
};

/**
 * The venue, the public contacts and the virtual tour as the organiser set them in the
 * back-office (`GET site-settings`, read by the site layout's loader for every page).
 */
export function useSiteSettings(): PublicSiteSettings {
  return (
    useRouteLoaderData<{ settings?: PublicSiteSettings }>('components/layout/site-layout')?.settings ?? NO_SITE_SETTINGS
  );
}

/** A team's contact; the speakers' falls back on the general one, field by field. */
export function useContact(key: ContactKey): Contact {
  const { contacts } = useSiteSettings();
  const own = contacts[key];
  if (key !== 'speakers') return own;
  return { email: own.email ?? contacts.general.email, phone: own.phone ?? contacts.general.phone };
}

/** A phone number as a `tel:` link: digits and a leading '+'. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
