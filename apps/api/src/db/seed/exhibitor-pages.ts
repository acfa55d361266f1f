import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEMO_EDITION_ID } from '@salon/shared';
import type { Tx } from '../client';
import * as t from '../schema';

/**
 * Seed content: what three fictional demo exhibitors wrote on their directory pages, and the
 * forum conference the first one gives. The links are `.example` addresses (no real firm).
 */
const PAGES: Record<
  string,
  Omit<typeof t.exhibitorPages.$inferInsert, 'userId' | 'sectorIds'> & { sectors: string[] }
> = {
  'Atlas Béton Industrie': {
    description: {
      fr: 'Atlas Béton Industrie produit et livre du béton prêt à l’emploi depuis ses trois centrales de la région de Marrakech.\n\nBétons de structure, bétons fibrés et autoplaçants : notre laboratoire formule chaque béton pour son chantier et suit sa mise en œuvre.',
      en: 'Atlas Béton Industrie makes and delivers ready-mixed concrete from its three plants around Marrakech.\n\nStructural, fibre-reinforced and self-compacting concretes: our laboratory designs each mix for its site and follows it through to placing.',
    },
    sectors: ['Gros Oeuvre', 'Matériel & outillage'],
    brands: ['AtlasFlow', 'AtlasFibre', 'Béton Ocre'],
    website: 'https://atlas-beton.example',
    linkedin: 'https://www.linkedin.com/company/atlas-beton-example',
    youtube: 'https://www.youtube.com/@atlas-beton-example',
  },
  'Souss Agrégats': {
    description: {
      fr: 'Carrières de granulats concassés et de sables lavés pour le béton, les routes et le ballast, dans le Souss.',
      en: 'Quarries of crushed aggregates and washed sands for concrete, roads and ballast, in the Souss region.',
    },
    sectors: ['Gros Oeuvre'],
    brands: ['Granulats 0/31,5', 'Sable lavé 0/4'],
    website: 'https://souss-agregats.example',
  },
  'Cèdre Préfabrication': {
    description: {
      fr: 'Prédalles, poutres et escaliers préfabriqués en béton, fabriqués à Fès et posés dans tout le Maroc.',
      en: null,
    },
    sectors: ['Gros Oeuvre'],
    brands: [],
    website: 'https://cedre-prefa.example',
    facebook: 'https://www.facebook.com/cedre-prefa-example',
  },
};

/** The demo exhibitors' pages, and the first conference of the edition given by the first one. */
export async function seedExhibitorPages(tx: Tx, exhibitors: { id: number; company: string | null }[]) {
  const choices = await tx
    .select({ id: t.sectors.id, name: t.sectors.name })
    .from(t.sectors)
    .where(eq(t.sectors.kind, 'choice'));
  const sectorId = new Map(choices.map((c) => [c.name.fr, c.id]));
  const rows = exhibitors.flatMap(({ id, company }) => {
    const page = company ? PAGES[company] : undefined;
    if (!page) return [];
    const { sectors, ...text } = page;
    return [{ ...text, userId: id, sectorIds: sectors.flatMap((name) => sectorId.get(name) ?? []) }];
  });
  if (rows.length) await tx.insert(t.exhibitorPages).values(rows);
  const [first] = rows;
  const [talk] = await tx
    .select({ id: t.conferences.id })
    .from(t.conferences)
    .where(and(eq(t.conferences.eventId, DEMO_EDITION_ID), inArray(t.conferences.kind, ['conference'])))
    .orderBy(asc(t.conferences.day), asc(t.conferences.startsAt))
    .limit(1);
  if (first && talk) await tx.insert(t.conferenceExhibitors).values({ conferenceId: talk.id, userId: first.userId });
}
