import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KIOSK_TOKEN_HEADER, kioskBadgeLookupSchema, kioskLookupSchema } from '@salon/shared';
import type { Clock } from '../lib/clock';
import { notFound, unauthorized } from '../lib/errors';
import { currentUser } from '../plugins/auth';
import { gateStaff } from '../services/gate.service';
import type { KioskService, KioskSession } from '../services/kiosk.service';
import { idParam, parseFormBody } from '../services/query-params';

declare module 'fastify' {
  interface FastifyRequest {
    kiosk: KioskSession | null;
  }
}

const NO_BADGE = 'Aucun badge ne correspond à ces informations.';

const kioskToken = (request: FastifyRequest) => {
  const header = request.headers[KIOSK_TOKEN_HEADER];
  return typeof header === 'string' ? header : '';
};

/** preHandler: 401 unless the request carries a live kiosk token. */
export function kioskOnly(kiosks: KioskService, clock: Clock) {
  return async (request: FastifyRequest) => {
    request.kiosk = await kiosks.authenticate(kioskToken(request), clock());
    if (!request.kiosk) throw unauthorized('Borne désactivée ou inconnue.');
  };
}

/**
 * The kiosk's badge lookup, the kiosk's own session, and the list of kiosks for the staff who
 * revoke them. A kiosk token reaches only the kiosk's routes; a controller or organiser may
 * also look a badge up from their own session.
 */
export const kioskRoutes: FastifyPluginAsyncZod<{
  kiosks: KioskService;
  clock: Clock;
  lookupRateLimit: number;
}> = async (app, { kiosks, clock, lookupRateLimit }) => {
  const tags = ['kiosk'];
  const kiosk = kioskOnly(kiosks, clock);
  const staff = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    gateStaff(currentUser(request));
  };
  const kioskOrStaff = async (request: FastifyRequest, reply: FastifyReply) => {
    if (kioskToken(request)) return kiosk(request);
    return staff(request, reply);
  };

  app.get('/kiosk/session', { schema: { tags }, preHandler: kiosk }, async (request) => {
    const { id, name, createdAt } = request.kiosk!;
    return { data: { id, name, createdAt: createdAt.toISOString() }, meta: {} };
  });

  /**
   * `{ email, phoneDigits }` typed by the visitor, or `{ token }` read from the e-badge on their
   * phone. Answers what the badge shows and nothing more; counted per kiosk.
   */
  app.post(
    '/kiosk/lookup',
    {
      schema: { tags },
      preHandler: kioskOrStaff,
      config: {
        rateLimit: {
          max: lookupRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (req) => `kiosk:${kioskToken(req) || req.headers.authorization || req.ip}`,
        },
      },
    },
    async (request) => {
      const body = request.body as { token?: unknown } | undefined;
      const badge =
        body && typeof body === 'object' && 'token' in body
          ? await kiosks.lookupToken(parseFormBody(kioskBadgeLookupSchema, body).token)
          : await kiosks.lookup(parseFormBody(kioskLookupSchema, body));
      if (!badge) throw notFound(NO_BADGE);
      return { data: badge, meta: {} };
    },
  );

  app.get('/kiosk/sessions', { schema: { tags }, preHandler: staff }, async () => {
    const rows = await kiosks.list();
    return { data: rows, meta: { pagination: { page: 1, pageSize: rows.length, pageCount: 1, total: rows.length } } };
  });

  app.delete<{ Params: { id: string } }>(
    '/kiosk/sessions/:id',
    { schema: { tags }, preHandler: staff },
    async (request, reply) => {
      const id = idParam(request.params.id);
      if (id === null || !(await kiosks.revoke(id, clock()))) throw notFound('Borne introuvable ou déjà désactivée.');
      return reply.status(204).send();
    },
  );
};
