import { and, eq, ne, sql } from 'drizzle-orm';
import { DEMO_EDITION_ID, FORUM_STAND, addDays, showDay } from '@salon/shared';
import { issueInvoice } from '../../domains/stand-sales/invoicing.service';
import { bookingReference, share, totalsOf } from '../../domains/stand-sales/pricing';
import { documentTexts } from '../../texts/index';
import { COLORS, FONTS, createDocument } from '../../domains/files/pdf/document';
import { storeFile } from '../../domains/files/uploads.service';
import { queryRows, type Db, type Tx } from '../client';
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
    seller: DEMO_SELLER,
  });
}

/** The demo's organiser as its invoices print it: made-up numbers of the right shape. */
const DEMO_SELLER = {
  name: 'Agence Médina Événements (démo)',
  ice: '000000000000000',
  taxId: '00000000',
  tradeRegister: 'RC Marrakech 00000',
  address: '1, place de la Démonstration',
  city: 'Marrakech',
  bank: 'Banque de démonstration',
  rib: '000000000000000000000000',
};

/** The services the demo's exhibitors order: ordered until 90 days after the demo was made, so that it can be tried. */
const DEMO_SERVICES = [
  [
    { fr: 'Branchement électrique', en: 'Power connection' },
    { fr: 'kW', en: 'kW' },
    45_000,
    null,
    'Électricité du Sud',
  ],
  [{ fr: 'Table haute', en: 'High table' }, { fr: 'pièce', en: 'piece' }, 25_000, 120, 'Atlas Mobilier'],
  [{ fr: 'Chaise', en: 'Chair' }, { fr: 'pièce', en: 'piece' }, 12_000, 400, 'Atlas Mobilier'],
  [
    { fr: 'Accès internet filaire', en: 'Wired internet access' },
    { fr: 'forfait', en: 'package' },
    150_000,
    60,
    'Maroc Réseaux',
  ],
  [
    { fr: 'Nettoyage quotidien du stand', en: 'Daily stand cleaning' },
    { fr: 'jour', en: 'day' },
    30_000,
    null,
    'Propreté Marrakech',
  ],
] as const;

/**
 * The demo exhibitor bought its stand online: a booking of its stand, confirmed, its deposit and
 * balance invoices issued and its deposit paid, as the back-office would have made them; and the
 * edition's services catalogue, which it orders from.
 */
export async function seedDemoBooking(tx: Tx, exhibitor: typeof t.users.$inferSelect, booth: string): Promise<void> {
  const today = showDay(new Date());
  await tx.insert(t.exhibitorServices).values(
    DEMO_SERVICES.map(([name, unit, price, stock, supplier], i) => ({
      eventId: DEMO_EDITION_ID,
      name,
      unit,
      price,
      stock,
      supplier,
      orderBy: addDays(today, 90),
      position: i + 1,
    })),
  );
  const [stand] = await tx
    .select({ area: t.stands.area, corner: t.stands.corner, hall: t.halls.name, classId: t.stands.classId })
    .from(t.stands)
    .innerJoin(t.halls, eq(t.halls.id, t.stands.gateId))
    .where(and(eq(t.stands.eventId, DEMO_EDITION_ID), eq(t.stands.number, booth)));
  const [standClass] = await tx.select().from(t.standClasses).where(eq(t.standClasses.id, stand!.classId!));
  const [conditions] = await tx.select().from(t.saleConditions).where(eq(t.saleConditions.eventId, DEMO_EDITION_ID));
  const price = stand!.area! * standClass!.pricePerM2;
  const totals = totalsOf([price], 2000);
  const [next] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('stand_bookings', 'id'))::int as id`,
  );
  const identity = {
    companyName: exhibitor.company ?? '',
    ice: '000000000000001',
    taxId: '00000001',
    tradeRegister: 'RC Casablanca 00001',
    address: '10, rue de la Démonstration',
    city: 'Casablanca',
  };
  const [booking] = await tx
    .insert(t.standBookings)
    .values({
      id: next!.id,
      eventId: DEMO_EDITION_ID,
      reference: bookingReference(2024, next!.id),
      status: 'deposit',
      holdUntil: new Date('2024-02-12T00:00:00Z'),
      ...identity,
      signatoryName: exhibitor.name ?? '',
      signatoryRole: 'Gérant',
      contactName: exhibitor.name ?? '',
      email: exhibitor.email,
      phone: exhibitor.phone ?? '',
      conditionsId: conditions!.id,
      exhibitorId: exhibitor.id,
      totalExclTax: totals.totalExclTax,
      vat: totals.vat,
      vatRate: 2000,
      confirmedAt: new Date('2024-02-06T10:00:00Z'),
      createdAt: new Date('2024-02-05T09:30:00Z'),
    })
    .returning();
  await tx.insert(t.bookingStands).values({
    bookingId: booking!.id,
    eventId: DEMO_EDITION_ID,
    number: booth,
    hall: stand!.hall,
    className: standClass!.name,
    area: stand!.area!,
    corner: stand!.corner,
    pricePerM2: standClass!.pricePerM2,
    price,
  });
  const t2 = documentTexts('fr').invoice;
  const deposit = share(price, 3000);
  const common = {
    eventId: DEMO_EDITION_ID,
    bookingId: booking!.id,
    issuedOn: '2024-02-06',
    language: 'fr',
    seller: DEMO_SELLER,
    buyer: {
      name: identity.companyName,
      ice: identity.ice,
      taxId: identity.taxId,
      tradeRegister: identity.tradeRegister,
      address: identity.address,
      city: identity.city,
    },
    vatRate: 2000,
    reference: booking!.reference,
  };
  const depositInvoice = await issueInvoice(tx, {
    ...common,
    kind: 'deposit',
    dueOn: '2024-02-13',
    lines: [
      { label: t2.depositLine('30 %', booking!.reference, booth), quantity: 1, unitPrice: deposit, total: deposit },
    ],
  });
  await issueInvoice(tx, {
    ...common,
    kind: 'balance',
    dueOn: '2024-04-29',
    lines: [
      {
        label: t2.standLine(booth, stand!.hall, standClass!.name.fr ?? '', stand!.area!, stand!.corner),
        quantity: 1,
        unitPrice: price,
        total: price,
      },
      { label: t2.depositDeducted(depositInvoice.label), quantity: 1, unitPrice: -deposit, total: -deposit },
    ],
  });
  await tx.insert(t.payments).values({
    eventId: DEMO_EDITION_ID,
    bookingId: booking!.id,
    amount: depositInvoice.totalExclTax + depositInvoice.vat,
    receivedOn: '2024-02-09',
    method: 'transfer',
    label: `VIR ${booking!.reference}`,
  });
}
