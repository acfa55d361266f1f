import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, pickFilled } from '@salon/shared';
import type { Tx } from '../client';
import * as t from '../schema';
import { AGENCY, GALLERY, PARTNERS, PRESS_PARTNERS, TESTIMONIALS, type PartnerSeed } from './content/site';
import { logoSvg, pictureSvg, storeSvg } from './media';

/** The demo's banners, partners, gallery, testimonials, and the show's and agency's records with their images. */

export async function seedDemoContent(tx: Tx): Promise<void> {
  const logo = (file: string, name: string, colour: number) => storeSvg(tx, file, logoSvg(name, colour), name);
  const picture = (file: string, caption: string, colour: number, width: number, height: number) =>
    storeSvg(tx, file, pictureSvg(caption, colour, width, height), caption, { width, height });

  const banners = [];
  for (const [i, emplacement] of (['Haut', 'Bas'] as const).entries()) {
    const caption = emplacement === 'Haut' ? 'Du 29 mai au 1er juin 2024 — Marrakech' : 'Demandez votre badge gratuit';
    const fichierDesktopId = await picture(`banniere-${emplacement}-desktop.svg`, caption, i, 1200, 300);
    const fichierMobileId = await picture(`banniere-${emplacement}-mobile.svg`, caption, i, 600, 300);
    banners.push({ actif: true, emplacement, fichierDesktopId, fichierMobileId });
  }
  await tx.insert(t.bannieres).values(banners);

  const partnerRows = async (items: readonly PartnerSeed[], prefix: string) => {
    const rows = [];
    for (const [position, p] of items.entries()) {
      const logoId = await logo(`${prefix}-${position + 1}.svg`, p.name, position + 3);
      rows.push({ name: p.name, url: p.url, actif: true, position: position + 1, logoId });
    }
    return rows;
  };
  await tx.insert(t.partenaires).values(await partnerRows(PARTNERS, 'partenaire'));
  await tx.insert(t.partenairesPresses).values(await partnerRows(PRESS_PARTNERS, 'presse'));

  const gallery = [];
  for (const [position, g] of GALLERY.entries()) {
    const imageId = await picture(
      `galerie-${position + 1}.svg`,
      pickFilled(DEFAULT_LANGUAGE, g.caption),
      position,
      800,
      600,
    );
    gallery.push({ position: position + 1, caption: g.caption, imageId });
  }
  await tx.insert(t.galeries).values(gallery);
  await tx.insert(t.temoignages).values(TESTIMONIALS.map((q, i) => ({ position: i + 1, ...q })));

  const sponsor = await logo('sponsor-officiel.svg', 'Sponsor Officiel', 1);
  const guest = await logo('pays-invite.svg', 'Pays Invité', 2);
  const background = await picture('fond-accueil.svg', '', 4, 1920, 1080);
  await tx
    .update(t.sib)
    .set({ logoSponsorOfficielId: sponsor, logoPaysInviteHonneurId: guest, mediaFullBackgroundId: background })
    .where(eq(t.sib.id, 1));
  const agencyLogo = await logo('agence-logo.svg', AGENCY.name, 5);
  const agencyFooter = await logo('agence-logo-footer.svg', AGENCY.name, 6);
  const agencyImage = await picture('agence-image.svg', AGENCY.name, 7, 800, 500);
  await tx
    .update(t.agence)
    .set({ ...AGENCY, logoId: agencyLogo, logoFooterId: agencyFooter, imageId: agencyImage })
    .where(eq(t.agence.id, 1));
}
