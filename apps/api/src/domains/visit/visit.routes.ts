import {
  asLanguage,
  emptyVisit,
  formatVisit,
  getBadgeCalendar,
  getVisit,
  getVisitCalendar,
  mergeVisits,
  parseVisit,
  postVisit,
  withVisit,
  VISIT_COOKIE,
  VISIT_LIMIT,
  type Visit,
} from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { documentTexts } from '../../texts/index';
import { route } from '../../lib/route';
import type { BadgeService } from '../badges/badges.service';
import { venueLine, type SiteSettingsStore } from '../content/site-settings.service';
import { keepVisit, keptVisit } from '../badges/kept-visit';
import { readVisit, signedUpConferences } from './visit.service';
import { badgeCalendar, visitCalendar } from './visit-calendar';
import { editionLabel } from '../badges/badge-pdf';
import { SHOW_NAME } from '../files/pdf/document';
import { acceptForms, backTo, fromTheSite, wantsJson } from './from-the-site';

/** Changes of a list allowed per minute and per address: a visitor taps a few buttons, not hundreds. */
export const VISIT_RATE_LIMIT = 60;

/** `1,2,3`: ids, once each, at most VISIT_LIMIT; anything else is a 400 naming the parameter. */
function idList(value: unknown, name: string): number[] {
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string' || !/^\d{1,9}(,\d{1,9})*$/.test(value)) {
    throw badRequest(`Le paramètre ${name} attend des identifiants séparés par des virgules.`);
  }
  const ids = [...new Set(value.split(',').map(Number))].filter((id) => id > 0);
  if (ids.length > VISIT_LIMIT) throw badRequest(`Le paramètre ${name} compte ${VISIT_LIMIT} identifiants au plus.`);
  return ids;
}

/** A list as a query names it (its parameters checked by the call: none but the list's and `lang`). */
function visitOfQuery(query: { exhibitors?: unknown; conferences?: unknown }): Visit {
  return { exhibitors: idList(query.exhibitors, 'exhibitors'), conferences: idList(query.conferences, 'conferences') };
}

/**
 * 'Ma visite': what a visitor's list names (the list itself stays on the device), its conferences
 * as a calendar file, and the list kept with a badge, reached by the badge's link as the e-badge
 * page is (the random key of the badge mail).
 */
export const visitRoutes: FastifyPluginAsyncZod<{
  db: Db;
  badges: BadgeService;
  settings: SiteSettingsStore;
  publicUrl: string;
}> = async (app, { db, badges, settings, publicUrl }) => {
  /** The venue's name and address on one line (the calendars' location), or null. */
  const showVenue = async () => venueLine((await settings.get()).venue);

  route(app, getVisit, {}, async (request) => {
    const visit = visitOfQuery(request.query);
    return { data: await readVisit(db, visit), meta: {} };
  });

  route(app, getVisitCalendar, {}, async (request, reply) => {
    const { query } = request;
    const visit = visitOfQuery(query);
    const lang = asLanguage(query.lang);
    const { conferences } = await readVisit(db, { exhibitors: [], conferences: visit.conferences });
    const venue = await showVenue();
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${documentTexts(lang).calendar.visitFile}.ics"`)
      .send(Buffer.from(visitCalendar(conferences, { lang, publicUrl, venue })));
  });

  /**
   * 'Ajouter à mon agenda' of the e-badge page and the badge mail: the show's days at their hours,
   * and the conferences the holder signed up to, by the badge's link (its random key). A key that
   * opens no live badge is a 404, as a badge that does not exist.
   */
  route(app, getBadgeCalendar, {}, async (request, reply) => {
    const badge = await badges.loadByKey(request.query.token);
    if (!badge) throw notFound('Badge introuvable.');
    const lang = request.query.lang ?? badge.data.lang;
    const { event, hours } = badge.data;
    const show = {
      title: `${SHOW_NAME} — ${editionLabel(event.edition, lang)}`,
      registrationId: badge.registrationId,
      days: hours,
      talks: await signedUpConferences(db, badge.userId),
    };
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${documentTexts(lang).calendar.badgeFile}.ics"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(badgeCalendar(show, { lang, publicUrl, venue: await showVenue() })));
  });

  acceptForms(app);

  route(
    app,
    postVisit,
    {
      // A form without scripts sends no XSRF header: the browser's own word on where it comes from
      // stands in for it (fromTheSite), so that another site cannot empty or fill the list.
      config: { xsrf: false, rateLimit: { max: VISIT_RATE_LIMIT, timeWindow: '1 minute' } },
      // Before the body is read against its schema: a post from elsewhere learns nothing of it.
      preValidation: async (request) => {
        if (!fromTheSite(request, publicUrl)) throw forbidden('Jeton XSRF manquant ou invalide.');
      },
    },
    async (request, reply) => {
      const action = request.body;
      const device = parseVisit(request.cookies[VISIT_COOKIE]);
      let visit = device;
      if (action.op === 'keep' || action.op === 'take') {
        const badge = await badges.loadByKey(action.token);
        if (!badge) throw forbidden('Ce lien n’est pas valide ou a expiré.');
        if (action.op === 'keep') await keepVisit(db, badge.registrationId, device);
        else visit = mergeVisits(device, await keptVisit(db, badge.registrationId));
      } else if (action.op === 'clear') {
        visit = emptyVisit();
      } else {
        visit = withVisit(device, action.kind, action.id, action.op === 'add');
      }
      void reply.setCookie(VISIT_COOKIE, formatVisit(visit), {
        path: '/',
        maxAge: VISIT_COOKIE_SECONDS,
        sameSite: 'lax',
        httpOnly: true,
        secure: publicUrl.startsWith('https:'),
      });
      if (wantsJson(request)) return { data: visit, meta: {} };
      return reply.redirect(backTo(action.back, '/ma-visite'), 303);
    },
  );
};

/** A year: the list lasts from one visit to the show's next. */
const VISIT_COOKIE_SECONDS = 365 * 24 * 3600;
