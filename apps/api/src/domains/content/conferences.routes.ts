import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conferenceRegistrationSchema, getConference, getConferences, postConferenceRegistration } from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { idParam, parseFormBody } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { parseFilters } from '../../lib/strapi-filters';
import { parsePopulate, textValue } from '../../lib/list-params';
import { conferenceView, findConference, listConferences, registerForConference } from './conferences.service';
import { editionOfQuery } from '../show/current-edition';

/** Sign-ups allowed per minute and per address: a person signs up for a few talks, not hundreds. */
export const CONFERENCE_REGISTRATION_RATE_LIMIT = 20;

function optionalText(value: unknown, label: string): string | null {
  if (value === undefined) return null;
  if (Array.isArray(value)) throw badRequest(`Un seul paramètre ${label} est attendu.`);
  return textValue(value, label);
}

export const conferencesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The forum programme. `search` looks in the number, titles and descriptions, `theme` in the themes. */
  route(app, getConferences, {}, async (request, reply) => {
    const q = request.query;
    parseFilters(q.filters, []);
    // `?year=2024`: that edition's programme (an organiser's preview of it); else the current one's.
    const data = await listConferences(db, {
      search: optionalText(q.search, 'search'),
      theme: optionalText(q.theme, 'theme'),
      edition: await editionOfQuery(db, q.year, await app.editionsSeen(request, reply)),
    });
    return { data, meta: { pagination: { page: 1, pageSize: data.length, pageCount: 1, total: data.length } } };
  });

  route(app, getConference, {}, async (request) => {
    parsePopulate(request.query.populate, []);
    const id = idParam(request.params.id);
    const conference = id === null ? null : await findConference(db, id);
    if (!conference) throw notFound('Conférence introuvable.');
    return { data: conferenceView(conference), meta: {} };
  });

  route(
    app,
    postConferenceRegistration,
    { config: { rateLimit: { max: CONFERENCE_REGISTRATION_RATE_LIMIT, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      if (id === null) throw notFound('Conférence introuvable.');
      const form = parseFormBody(conferenceRegistrationSchema, request.body);
      const data = await registerForConference(db, id, form);
      return reply.status(201).send({ data, meta: {} });
    },
  );
};
