import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { pickFilled } from '@salon/shared';
import type { Db } from '../../db/client';
import { agence, bannieres, galeries, partenaires, partenairesPresses, sib, temoignages } from '../../db/schema';
import { loadMedia } from '../media/media.service';
import { orderBy, type Page, type SortField } from '../../lib/list-params';

/** The public site's content: the show and agency records, testimonials, gallery, partners, banners. */

export const PLACEMENTS = ['Haut', 'Bas'] as const;
export type Placement = (typeof PLACEMENTS)[number];

const pageOf = (page: Page) => ({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });

/** The show record with its files, or null. */
export async function readSib(db: Db) {
  const [row] = await db.select().from(sib).where(eq(sib.id, 1));
  if (!row) return null;
  const m = await loadMedia(db, [row.logoSponsorOfficielId, row.logoPaysInviteHonneurId, row.mediaFullBackgroundId]);
  return {
    id: row.id,
    logo_sponsor_officiel: m.get(row.logoSponsorOfficielId),
    logo_pays_invite_honneur: m.get(row.logoPaysInviteHonneurId),
    media_full_background: m.get(row.mediaFullBackgroundId),
  };
}

/** The agency record with its files, or null. */
export async function readAgence(db: Db) {
  const [row] = await db.select().from(agence).where(eq(agence.id, 1));
  if (!row) return null;
  const m = await loadMedia(db, [row.logoId, row.logoFooterId, row.imageId]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    website: row.website,
    logo: m.get(row.logoId),
    logo_footer: m.get(row.logoFooterId),
    image: m.get(row.imageId),
  };
}

/** A page of the testimonials with their photos, and how many there are. */
export async function listTestimonials(db: Db, sort: SortField[], page: Page) {
  const { limit, offset } = pageOf(page);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(temoignages)
      .orderBy(
        ...orderBy(
          sort,
          [
            { field: 'position', direction: 'asc' },
            { field: 'id', direction: 'asc' },
          ],
          { position: temoignages.position, id: temoignages.id },
          temoignages.id,
        ),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(temoignages),
  ]);
  const m = await loadMedia(
    db,
    rows.map((r) => r.photoId),
  );
  const data = rows.map((r) => ({
    id: r.id,
    position: r.position,
    author: r.author,
    role: r.role,
    quote: r.quote,
    // And as the specification's site reads them: one field per language.
    roleFr: r.role.fr ?? null,
    roleEn: r.role.en ?? null,
    quoteFr: pickFilled('fr', r.quote),
    quoteEn: pickFilled('en', r.quote),
    photo: m.get(r.photoId),
  }));
  return { data, total: total?.n ?? 0 };
}

/** A page of the gallery's photos, and how many there are. */
export async function listGallery(db: Db, sort: SortField[], page: Page) {
  const { limit, offset } = pageOf(page);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(galeries)
      .orderBy(
        ...orderBy(
          sort,
          [{ field: 'position', direction: 'asc' }],
          { position: galeries.position, id: galeries.id },
          galeries.id,
        ),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(galeries),
  ]);
  const m = await loadMedia(
    db,
    rows.map((r) => r.imageId),
  );
  const data = rows.map((r) => ({
    id: r.id,
    position: r.position,
    caption: r.caption,
    // And as the specification's site reads it: one field per language.
    captionFr: r.caption.fr ?? null,
    captionEn: r.caption.en ?? null,
    image: m.get(r.imageId),
  }));
  return { data, total: total?.n ?? 0 };
}

const PARTNER_TABLES = { partenaires, 'partenaires-presses': partenairesPresses };

/** A page of the active partners (or press partners) with their logos, and how many there are. */
export async function listPartners(db: Db, kind: keyof typeof PARTNER_TABLES, sort: SortField[], page: Page) {
  const table = PARTNER_TABLES[kind];
  const { limit, offset } = pageOf(page);
  const where = eq(table.actif, true);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(
        ...orderBy(
          sort,
          [
            { field: 'position', direction: 'asc' },
            { field: 'id', direction: 'asc' },
          ],
          { position: table.position, id: table.id, name: table.name },
          table.id,
        ),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  const m = await loadMedia(
    db,
    rows.map((r) => r.logoId),
  );
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    actif: r.actif,
    position: r.position,
    logo: m.get(r.logoId),
  }));
  return { data, total: total?.n ?? 0 };
}

/**
 * The active banners with their files, newest first: one page of the placements `asked` (all when
 * null), or with `perPlacement` one page of each placement asked (Haut first), each with its total.
 */
export async function listBanners(
  db: Db,
  asked: Placement[] | null,
  perPlacement: boolean,
  sort: SortField[],
  page: Page,
) {
  const order = orderBy(
    sort,
    [{ field: 'id', direction: 'desc' }],
    { id: bannieres.id, createdAt: bannieres.createdAt },
    bannieres.id,
  );
  const { limit, offset } = pageOf(page);
  const bannerPage = async (where: SQL) => {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(bannieres)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(bannieres).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  };
  const active = eq(bannieres.actif, true);
  const pages =
    perPlacement && asked
      ? await Promise.all(
          PLACEMENTS.filter((p) => asked.includes(p)).map((p) =>
            bannerPage(and(active, eq(bannieres.emplacement, p))!),
          ),
        )
      : [await bannerPage(asked ? and(active, inArray(bannieres.emplacement, asked))! : active)];

  const rows = pages.flatMap((p) => p.rows);
  const m = await loadMedia(
    db,
    rows.flatMap((r) => [r.fichierDesktopId, r.fichierMobileId]),
  );
  const data = rows.map((r) => ({
    id: r.id,
    actif: r.actif,
    emplacement: r.emplacement,
    lien: r.lien,
    fichier_desktop: m.get(r.fichierDesktopId),
    fichier_mobile: m.get(r.fichierMobileId),
  }));
  return { data, totals: pages.map((p) => p.total) };
}
