import { eq } from 'drizzle-orm';
import { frameOrigin, type ContactKey, type PublicSiteSettings } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { editions, siteSettings } from '../../db/schema';
import type { CacheBus } from '../../lib/cache-bus';
import { currentEdition } from '../show/current-edition';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/** The record as the back-office edits it; an empty one when the row is missing. */
export async function readSettingsRow(db: Db | Tx): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return (
    row ?? {
      id: 1,
      venueName: null,
      venueAddress: null,
      mapUrl: null,
      generalEmail: null,
      generalPhone: null,
      exhibitorsEmail: null,
      exhibitorsPhone: null,
      salesEmail: null,
      salesPhone: null,
      pressEmail: null,
      pressPhone: null,
      speakersEmail: null,
      speakersPhone: null,
      virtualTourUrl: null,
      moderateExhibitorPages: false,
      updatedAt: new Date(0),
    }
  );
}

/** A Google map search for the venue: `maps?q=…` opens it, `&output=embed` frames it (frame-src allows www.google.com). */
const googleMap = (query: string) => `https://www.google.com/maps?q=${encodeURIComponent(query)}`;

/** What the public pages need, and nothing else (no dates of change, no ids). */
export async function readPublicSettings(db: Db | Tx): Promise<PublicSiteSettings> {
  const [row, [event]] = await Promise.all([
    readSettingsRow(db),
    db.select({ city: editions.city }).from(editions).where(eq(editions.id, currentEdition)),
  ]);
  const city = event?.city || null;
  const address =
    row.venueAddress
      ?.split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean) ?? [];
  // The city is left out of the search when the address already names it.
  const place = [row.venueName, ...address, city && !address.join(' ').includes(city) ? city : null].filter(Boolean);
  const query = place.join(', ');
  const contact = (key: ContactKey) => ({
    email: row[`${key}Email`],
    phone: row[`${key}Phone`],
  });
  return {
    venue: {
      name: row.venueName,
      address: address.length ? address.join('\n') : null,
      city,
      mapUrl: row.mapUrl ?? (query ? googleMap(query) : null),
      mapEmbedUrl: query ? `${googleMap(query)}&output=embed` : null,
    },
    contacts: {
      general: contact('general'),
      exhibitors: contact('exhibitors'),
      sales: contact('sales'),
      press: contact('press'),
      speakers: contact('speakers'),
    },
    virtualTourUrl: row.virtualTourUrl,
  };
}

/**
 * The public settings, kept in memory: every page reads them (its layout, the contacts) and the
 * Content-Security-Policy of every page needs the tour's origin at once, without a query. A
 * change clears them on every instance through the cache bus (decision 020); a lost message is
 * bounded by the time to live.
 */
export interface SiteSettingsStore {
  get(): Promise<PublicSiteSettings>;
  /** The tour's origin as last read, for the CSP's frame-src (a stale read is refreshed behind). */
  tourOrigin(): string | null;
  /** After a change: every instance reads the settings again. */
  changed(): void;
}

const TOPIC = 'site-settings';

export function createSiteSettingsStore(db: Db, bus: CacheBus, ttlMs = 60_000): SiteSettingsStore {
  let current: { value: PublicSiteSettings; at: number } | undefined;
  let generation = 0;
  let loading: Promise<PublicSiteSettings> | undefined;
  const load = (): Promise<PublicSiteSettings> => {
    if (!loading) {
      const started = generation;
      loading = readPublicSettings(db)
        .then((value) => {
          // Changed while reading: the answer may be the old one, given to this caller only.
          if (started === generation) current = { value, at: Date.now() };
          return value;
        })
        .finally(() => {
          if (started === generation) loading = undefined;
        });
    }
    return loading;
  };
  const fresh = () => current !== undefined && Date.now() - current.at < ttlMs;
  bus.subscribe(TOPIC, () => {
    generation += 1;
    current = undefined;
    loading = undefined;
    // Read again at once: the next page's CSP must allow the new tour.
    void load().catch(() => undefined);
  });
  return {
    get: () => (fresh() ? Promise.resolve(current!.value) : load()),
    tourOrigin() {
      if (!fresh()) void load().catch(() => undefined);
      return frameOrigin(current?.value.virtualTourUrl);
    },
    changed: () => bus.publish(TOPIC),
  };
}

/** The venue's name and address on one line (a calendar's location, a pass's back), or null. */
export const venueLine = (venue: { name: string | null; address: string | null }): string | null =>
  [venue.name, venue.address?.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(', ') || null;
