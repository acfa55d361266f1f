import { deletePassRegistration, getChangedPasses, getPass, postPassLog, postPassRegistration } from '@salon/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { notFound, tooManyRequests, unauthorized } from '../../../lib/errors';
import { route } from '../../../lib/route';
import type { BadgeService } from '../badges.service';
import type { ApplePasses, PassPlace } from './apple-pass';
import {
  passChangedAt,
  passesUpdatedSince,
  registerDevice,
  registrationOfSerial,
  unregisterDevice,
  type PassAuthTokens,
} from './pass-updates';

/** Each phone (or each pass) may call the web service this many times a minute from one address. */
export const PASSKIT_RATE_LIMIT = 60;
/** And all of them together this many times a minute from one address, whatever device they name. */
export const PASSKIT_ADDRESS_RATE_LIMIT = 300;

/**
 * Apple's PassKit web service (the pass's `webServiceURL`), as Apple specifies it: a device
 * registers for and unregisters from a pass's changes, asks which of its passes changed since a
 * tag, and fetches one pass again. A pass's calls carry its `authenticationToken` (401 without);
 * the device's own identifier is the secret of 'which changed'. Without Apple Wallet, all 404.
 */
export const passkitRoutes: FastifyPluginAsyncZod<{
  db: Db;
  badges: BadgeService;
  passes: ApplePasses | null;
  passTypeId: string | null;
  tokens: PassAuthTokens;
  place: () => Promise<PassPlace>;
}> = async (app, { db, badges, passes, passTypeId, tokens, place }) => {
  // A new device name each time is a new per-device budget: the address's budget over the whole
  // service bounds them (the rate-limit plugin's store: Redis when REDIS_URL is set).
  const perAddress = app.createRateLimit({
    max: PASSKIT_ADDRESS_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (req) => `passkit-address:${normalizeIP(req.ip)}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const budget = await perAddress(request);
    if (!budget.isAllowed && budget.isExceeded) {
      throw tooManyRequests(reply, budget.ttlInSeconds, 'Trop de requêtes du service des pass depuis cette adresse.');
    }
  });
  const limited = (subject: (params: Record<string, string>) => string) => ({
    rateLimit: {
      max: PASSKIT_RATE_LIMIT,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `passkit:${req.ip}:${subject(req.params as Record<string, string>)}`,
    },
    // Wallet calls without cookies: the pass's token is its authority.
    xsrf: false as const,
  });

  /** The pass a call names, once its type is ours and its token opens it. */
  const passOf = async (request: FastifyRequest, params: { passType: string; serial: string }) => {
    const id = registrationOfSerial(params.serial);
    if (!passes || params.passType !== passTypeId || id === null) throw notFound('Pass introuvable.');
    if (!(await tokens.opens(request.headers.authorization, id))) throw unauthorized('Pass non autorisé.');
    return id;
  };
  const ourType = (passType: string) => {
    if (!passes || passType !== passTypeId) throw notFound('Pass introuvable.');
  };

  route(app, postPassRegistration, { config: limited((p) => p.device ?? '') }, async (request, reply) => {
    const id = await passOf(request, request.params);
    const done = await registerDevice(db, { id: request.params.device, pushToken: request.body.pushToken }, id);
    if (done === 'missing') throw notFound('Pass introuvable.');
    return reply.status(done === 'created' ? 201 : 200).send({});
  });

  route(app, deletePassRegistration, { config: limited((p) => p.device ?? '') }, async (request, reply) => {
    const id = await passOf(request, request.params);
    await unregisterDevice(db, request.params.device, id);
    return reply.status(200).send({});
  });

  route(app, getChangedPasses, { config: limited((p) => p.device ?? '') }, async (request, reply) => {
    ourType(request.params.passType);
    const { passesUpdatedSince: tag } = request.query;
    const since = tag && /^\d{1,18}$/.test(tag) ? Number(tag) : null;
    const changed = await passesUpdatedSince(db, request.params.device, since);
    if (!changed) return reply.status(204).send(null);
    return changed;
  });

  route(app, getPass, { config: limited((p) => p.serial ?? '') }, async (request, reply) => {
    const id = await passOf(request, request.params);
    const badge = await badges.loadAnyState(id);
    if (!badge) throw notFound('Pass introuvable.');
    const changed = await passChangedAt(db, id);
    if (changed) {
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      if (since >= Math.floor(changed.getTime() / 1000) * 1000) return reply.status(304).send(null);
      reply.header('last-modified', changed.toUTCString());
    }
    return reply
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('cache-control', 'private, no-cache')
      .send(await passes!.pass(badge, await place(), new Date(), badge.live));
  });

  // What Wallet reports of its trouble with our passes, in the server's log (a little at most).
  route(app, postPassLog, { config: limited(() => 'log') }, async (request, reply) => {
    if (!passes) throw notFound('Pass introuvable.');
    for (const line of request.body.logs.slice(0, 10)) request.log.warn({ wallet: line.slice(0, 500) }, 'Apple Wallet');
    return reply.status(200).send({});
  });
};
