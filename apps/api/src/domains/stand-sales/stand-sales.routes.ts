import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getEnquiryPrefill,
  getStandOffer,
  getStandPriority,
  postStandBooking,
  postStandQuote,
  type Clock,
} from '@salon/shared';
import type { LinkSigner } from '../../lib/links';
import { notFound } from '../../lib/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demandesExposants, editions } from '../../db/schema';
import { route } from '../../lib/route';
import { currentEditionId, editionById } from '../show/current-edition';
import { readFloorPlan } from '../floor-plan/floor-plan.service';
import { holdStands, quoteStands, salesClosed, standTakenRefusal, takenStandsOf } from './holds.service';
import { TtlCache } from '../../lib/ttl-cache';
import { conditionsInForce, readClasses, readTerms, standsForSale } from './offer.service';
import { priorityExhibitor, priorityPrefill } from './priority.service';

/**
 * /exposer's calls: the current edition's offer with each stand's state (read fresh: a hold
 * changes it), the price of a selection, and the hold itself.
 */
export const standSalesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  publicUrl: string;
  organiserEmail: string;
  onQueued: () => void;
  holdRateLimit: number;
  /** How long this instance remembers a stand it saw taken (0: never). */
  takenMemoMs: number;
  /** Reads the links mailed from an enquiry's follow-up. */
  links: LinkSigner;
}> = async (app, { db, clock, publicUrl, organiserEmail, onQueued, holdRateLimit, takenMemoMs, links }) => {
  route(app, getStandOffer, {}, async (request, reply) => {
    const edition = await currentEditionId(db);
    const [terms, conditions, exhibitor] = await Promise.all([
      readTerms(db, edition),
      conditionsInForce(db, edition),
      priorityExhibitor(db, links, request.query.priorite, edition, clock()),
    ]);
    if (!terms.open || !conditions) throw salesClosed();
    const [classes, stands, [event], plan] = await Promise.all([
      readClasses(db, edition),
      standsForSale(db, edition, clock(), undefined, terms, exhibitor),
      db.select({ year: editions.year }).from(editions).where(eq(editions.id, edition)),
      readFloorPlan(db, editionById(edition)),
    ]);
    // A sold stand names its exhibitors as the public plan does: those the directory lists.
    const named = new Map(plan.flatMap((h) => h.stands.map((s) => [s.number.toLowerCase(), s.companies] as const)));
    const selling = new Set(stands.map((s) => s.gateId));
    void reply.header('cache-control', 'no-store');
    const { open: _open, seller: _seller, accountOn: _accountOn, ...shown } = terms;
    return {
      data: {
        year: event!.year,
        terms: shown,
        conditions: { version: conditions.version, url: conditions.url },
        halls: plan
          .filter((h) => selling.has(h.id))
          .map(({ id, name, width, height }) => ({ id, name, width, height })),
        classes: classes.map((c) => ({ id: c.id, name: c.name, pricePerM2: c.pricePerM2 })),
        stands: stands.map(({ number, hall, gateId, classId, area, corner, price, state, x, y, width, height }) => ({
          number,
          hall,
          gateId,
          classId,
          area,
          corner,
          price,
          state,
          x,
          y,
          width,
          height,
          companies: state === 'sold' ? (named.get(number.toLowerCase()) ?? []) : [],
        })),
      },
      meta: {},
    };
  });

  const limited = { config: { rateLimit: { max: holdRateLimit, timeWindow: '1 minute' } } };

  // The enquiry's details, for the holder of the link its follow-up mailed (a wrong or old link: a 404).
  route(app, getEnquiryPrefill, limited, async (request, reply) => {
    const id = links.verify(request.query.token, 'enquiry_stand', clock());
    const [row] =
      id === null
        ? []
        : await db
            .select({
              nom: demandesExposants.nom,
              email: demandesExposants.email,
              telephone: demandesExposants.telephone,
              societe: demandesExposants.societe,
            })
            .from(demandesExposants)
            .where(eq(demandesExposants.id, id));
    if (!row) throw notFound('Lien de réservation invalide ou expiré.');
    void reply.header('cache-control', 'private, no-store');
    return { data: row, meta: {} };
  });

  // What a returning exhibitor's link keeps for it and fills the form with.
  route(app, getStandPriority, limited, async (request, reply) => {
    const data = await priorityPrefill(db, links, request.query.token, clock());
    void reply.header('cache-control', 'private, no-store');
    return { data, meta: {} };
  });

  route(app, postStandQuote, limited, async (request) => {
    const edition = await currentEditionId(db);
    const exhibitor = await priorityExhibitor(db, links, request.body.priority, edition, clock());
    const quote = await quoteStands(db, edition, request.body.stands, clock(), undefined, exhibitor);
    return {
      data: {
        stands: quote.stands.map((s) => ({ number: s.number, hall: s.hall, area: s.area, price: s.price })),
        area: quote.area,
        totalExclTax: quote.totalExclTax,
        vat: quote.vat,
        totalInclTax: quote.totalInclTax,
      },
      meta: {},
    };
  });

  // What this instance knows to be taken, for a few seconds: when a sale opens, many companies ask
  // for the same few stands at once, and those that come second are told without a transaction.
  // The database still decides every hold; a stand freed meanwhile is offered again within seconds.
  const taken = new TtlCache<true>(takenMemoMs, 20_000);
  const key = (edition: number, number: string) => `${edition}:${number.toLowerCase()}`;
  // On this instance, the holds of one stand wait for each other (those of other stands do not),
  // so that the second company on a stand finds it known.
  const lines = new Map<string, Promise<undefined>>();
  // The edition the memory above is read under, kept a second: a refusal it knows costs no query.
  // (The hold itself reads the current edition afresh, in its transaction's checks.)
  const memoEdition = new TtlCache<number>(1000, 1);
  const editionOfMemo = async () => {
    const known = memoEdition.get('current');
    if (known !== undefined) return known;
    const edition = await currentEditionId(db);
    memoEdition.set('current', edition);
    return edition;
  };
  route(app, postStandBooking, limited, async (request, reply) => {
    const form = request.body;
    const edition = takenMemoMs > 0 ? await editionOfMemo() : await currentEditionId(db);
    const keys = [...new Set(form.stands.map((n) => key(edition, n)))];
    const before = keys.flatMap((k) => lines.get(k) ?? []);
    const attempt = Promise.all(before).then(async () => {
      const known = form.stands.filter((n) => taken.get(key(edition, n)));
      if (known.length) throw standTakenRefusal(known);
      try {
        // A wrong or old link holds all the same, for no enquiry.
        const linked = form.enquiry ? links.verify(form.enquiry, 'enquiry_stand', clock()) : null;
        const [enquiry] =
          linked === null
            ? []
            : await db
                .select({ id: demandesExposants.id })
                .from(demandesExposants)
                .where(eq(demandesExposants.id, linked));
        const enquiryId = enquiry?.id ?? null;
        // The current edition as it is now, whatever the memory's second-old one says.
        const current = takenMemoMs > 0 ? await currentEditionId(db) : edition;
        // A wrong or old priority link holds as anyone would, its stand kept for another.
        const exhibitor = await priorityExhibitor(db, links, form.priority, current, clock());
        const held = await holdStands(db, clock, current, form, { publicUrl, organiserEmail }, enquiryId, exhibitor);
        for (const s of held.stands) taken.set(key(edition, s.number), true);
        return held;
      } catch (error) {
        for (const n of takenStandsOf(error)) taken.set(key(edition, n), true);
        throw error;
      }
    });
    // What the next holds of these stands wait for: this one, settled either way.
    const settled = attempt.then(
      () => undefined,
      () => undefined,
    );
    for (const k of keys) lines.set(k, settled);
    void settled.then(() => {
      for (const k of keys) if (lines.get(k) === settled) lines.delete(k);
    });
    const held = await attempt;
    onQueued();
    return reply.status(201).send({ data: held, meta: {} });
  });
};
