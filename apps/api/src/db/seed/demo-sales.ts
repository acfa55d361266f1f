import { and, eq, ne } from 'drizzle-orm';
import { DEMO_EDITION_ID, FORUM_STAND } from '@salon/shared';
import { COLORS, FONTS, createDocument } from '../../domains/files/pdf/document';
import { storeFile } from '../../domains/files/uploads.service';
import type { Db } from '../client';
import * as t from '../schema';

/**
 * The demo's stands sold online: two classes, every stand of the plan priced by its area (a hall
 * unit is a metre), the corner stands of each row with their surcharge, a first version of the
 * conditions of sale, and the sale open, as an organiser would set it in the back-office.
 */

const CONDITIONS = [
  ['Objet', 'Les présentes conditions régissent la location d’emplacements au Salon International du Bâtiment.'],
  [
    'Réservation',
    'La réservation en ligne pose une option sur les stands choisis pour la durée indiquée. Elle devient ferme à la signature du contrat et au paiement de l’acompte.',
  ],
  [
    'Prix et paiement',
    'Les prix s’entendent hors taxes, TVA en sus au taux en vigueur. L’acompte est dû à la signature du contrat ; le solde avant la date indiquée sur la facture, par virement portant la référence de la réservation.',
  ],
  [
    'Annulation',
    'Toute annulation fait l’objet d’un avoir ; les sommes versées restent acquises selon le barème du contrat.',
  ],
] as const;

async function conditionsPdf(): Promise<Buffer> {
  const { doc, finish } = createDocument({
    title: 'Conditions générales de vente — démonstration',
    size: 'A4',
    layout: 'portrait',
    margin: 56,
    createdAt: new Date('2024-01-15T09:00:00Z'),
  });
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.navy).text('Conditions générales de vente');
  doc
    .moveDown(0.3)
    .font(FONTS.regular)
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text('Version 1 — données de démonstration');
  for (const [title, text] of CONDITIONS) {
    doc.moveDown(1).font(FONTS.bold).fontSize(12).fillColor(COLORS.ink).text(title);
    doc.moveDown(0.3).font(FONTS.regular).fontSize(10.5).text(text);
  }
  return finish('Conditions générales de vente');
}

export async function seedDemoSale(tx: Db): Promise<void> {
  const [bare, fitted] = await tx
    .insert(t.standClasses)
    .values([
      { eventId: DEMO_EDITION_ID, name: { fr: 'Stand nu', en: 'Space only' }, pricePerM2: 150_000, position: 1 },
      { eventId: DEMO_EDITION_ID, name: { fr: 'Stand équipé', en: 'Shell scheme' }, pricePerM2: 210_000, position: 2 },
    ])
    .returning({ id: t.standClasses.id });
  const plan = await tx
    .select({ id: t.stands.id, x: t.stands.x, width: t.stands.width, height: t.stands.height, hall: t.halls.name })
    .from(t.stands)
    .innerJoin(t.halls, eq(t.halls.id, t.stands.gateId))
    .where(and(eq(t.stands.eventId, DEMO_EDITION_ID), ne(t.stands.number, FORUM_STAND)));
  const rowEnds = new Set([Math.min(...plan.map((s) => s.x)), Math.max(...plan.map((s) => s.x))]);
  for (const s of plan) {
    // Halls A and B are fitted out; the others sold bare. The first and last stands of a row are corners.
    const classId = /[AB]$/.test(s.hall) ? fitted!.id : bare!.id;
    await tx
      .update(t.stands)
      .set({ classId, area: s.width * s.height, corner: rowEnds.has(s.x) })
      .where(eq(t.stands.id, s.id));
  }
  const pdf = await conditionsPdf();
  const path = 'demo/conditions-generales-de-vente-v1.pdf';
  await storeFile(tx, path, 'application/pdf', pdf);
  const [file] = await tx
    .insert(t.media)
    .values({ name: 'conditions-generales-de-vente-v1.pdf', mime: 'application/pdf', size: pdf.length, path })
    .returning({ id: t.media.id });
  await tx.insert(t.saleConditions).values({ eventId: DEMO_EDITION_ID, version: 1, mediaId: file!.id });
  await tx.insert(t.salesOffers).values({
    eventId: DEMO_EDITION_ID,
    open: true,
    vatRate: 2000,
    cornerSurcharge: 1000,
    minimumArea: 12,
    depositShare: 3000,
    balanceDueOn: '2024-04-29',
    holdDays: 7,
    // The demo's organiser as its invoices print it: made-up numbers of the right shape.
    seller: {
      name: 'Agence Médina Événements (démo)',
      ice: '000000000000000',
      taxId: '00000000',
      tradeRegister: 'RC Marrakech 00000',
      address: '1, place de la Démonstration',
      city: 'Marrakech',
      bank: 'Banque de démonstration',
      rib: '000000000000000000000000',
    },
  });
}
