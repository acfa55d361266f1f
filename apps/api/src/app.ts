import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorSchema, createClock } from '@salon/shared';
import { Redis } from 'ioredis';
import qs from 'qs';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { localCacheBus, postgresCacheBus, redisCacheBus } from './lib/cache-bus';
import { createJwt } from './lib/jwt';
import { createLinkSigner } from './lib/links';
import { createFileKeys } from './domains/media/held-files';
import { requestForLog } from './lib/log-redaction';
import { requestId } from './lib/request-id';
import { trailingSlashStrategy } from './lib/trailing-slash';
import { audienceSchemes, registerAuth } from './plugins/auth';
import { answerMeetsContract } from './lib/contract-check';
import { acceptEmptyJsonAsNoBody, errorBody, frameworkError, registerErrorHandling } from './plugins/errors';
import { isInternalCall } from './plugins/internal-call';
import { isLocalUnforwarded } from './plugins/local-request';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { isFileRoute, registerWeb } from './plugins/web';
import { authRoutes } from './domains/auth/auth.routes';
import { badgesRoutes } from './domains/badges/badges.routes';
import { conferencesRoutes } from './domains/content/conferences.routes';
import { contactRoutes } from './domains/registration/contact.routes';
import { contentRoutes } from './domains/content/content.routes';
import { ebadgeRoutes } from './domains/badges/ebadge.routes';
import { walletFromConfig } from './domains/badges/wallet/apple-config';
import { googleWalletFromConfig } from './domains/badges/wallet/google-wallet';
import { mapPoint, walletRoutes } from './domains/badges/wallet/wallet.routes';
import { passkitRoutes } from './domains/badges/wallet/passkit.routes';
import { passAuthTokens } from './domains/badges/wallet/pass-updates';
import { createApplePasses } from './domains/badges/wallet/apple-pass';
import { walletImages } from './domains/badges/wallet/wallet-images';
import { enquiriesRoutes } from './domains/registration/enquiries.routes';
import { standSalesRoutes } from './domains/stand-sales/stand-sales.routes';
import { filesRoutes } from './domains/files/files.routes';
import { healthRoutes } from './domains/health/health.routes';
import { newslettersRoutes } from './domains/registration/newsletters.routes';
import { floorPlanRoutes } from './domains/floor-plan/floor-plan.routes';
import { referenceRoutes } from './domains/content/reference.routes';
import { seoRoutes } from './domains/content/seo.routes';
import { offlineSwRoutes } from './domains/gate/offline-sw.routes';
import { registrationsRoutes } from './domains/directory/registrations.routes';
import { exhibitorPageRoutes } from './domains/directory/exhibitor-page.routes';
import { visitRoutes } from './domains/visit/visit.routes';
import { visitedStandsRoutes } from './domains/visit/visited-stands.routes';
import { ownPageRoutes } from './domains/exhibitor-area/own-page.routes';
import { myBookingsRoutes } from './domains/exhibitor-area/my-bookings.routes';
import { scansRoutes } from './domains/scans/scans.routes';
import { siteSettingsRoutes } from './domains/content/site-settings.routes';
import { gateRoutes } from './domains/gate/gate.routes';
import { kioskRoutes } from './domains/kiosk/kiosk.routes';
import { adminRoutes } from './domains/back-office/admin.routes';
import { accountAndTeamRoutes } from './domains/exhibitor-area/account-and-team.routes';
import { participationRoutes } from './domains/editions/participation.routes';
import { visitorsRoutes } from './domains/registration/visitors.routes';
import { createAuthService } from './domains/auth/auth.service';
import { createBadgeSigner } from './domains/badges/badge-token';
import { createBadgeService } from './domains/badges/badges.service';
import { createKioskService } from './domains/kiosk/kiosk.service';
import { createDirectoryCache } from './domains/directory/directory.service';
import { createSiteSettingsStore, venueLine } from './domains/content/site-settings.service';
import { currentShow, forgetCurrentShow } from './domains/show/show-facts';
import { previewEdition } from './domains/editions/preview';
import { isOrganiser, registerEditionAccess } from './plugins/edition-access';
import { EDITION_TOPIC } from './domains/show/current-edition';
import { notifyMailWorkers } from './domains/mail/worker';

export const API_PREFIX = '/backend/api';

/**
 * Fastify reads a bare number as "trust no proxy"; ours is how many proxies stand in front, each
 * of which appended the address it saw to X-Forwarded-For.
 */
function trustProxy(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** The paths of the organisers' back-office, under /backend/api/admin. */
const BACK_OFFICE_PATH = new RegExp(`^${API_PREFIX}/admin(/|$)`);

/** The OpenAPI document without the back-office's paths, for whoever is not an organiser. */
function publicDocument<T extends { paths?: Record<string, unknown>; info?: object }>(doc: T): T {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => !BACK_OFFICE_PATH.test(path)));
  return {
    ...doc,
    info: {
      ...doc.info,
      description: 'Public routes only: the back-office routes are listed to organisers signed in (Bearer token).',
    },
    paths,
  };
}

export async function buildApp(
  config: Config,
  database: Database,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      stream: options.logStream,
      // Request logs name every URL, and some carry a secret in their query string.
      serializers: { req: (req) => requestForLog(req as unknown as FastifyRequest) },
    },
    bodyLimit: config.BODY_LIMIT,
    frameworkErrors: (err, _request, reply) => frameworkError(err, reply),
    trustProxy: trustProxy(config.TRUST_PROXY),
    routerOptions: {
      // Strapi-style `filters[user][id][$eq]=1` needs nested parsing; depth and sizes are bounded.
      querystringParser: (s: string) => qs.parse(s, { depth: 6, arrayLimit: 100, parameterLimit: 200 }),
      // `newsletters/` is `newsletters`, as the specification's client writes it: one route, one
      // rate-limit bucket, one set of refusals. Where the slash means something else, a route asks
      // for it (lib/trailing-slash.ts).
      ignoreTrailingSlash: true,
      constraints: { trailingSlash: trailingSlashStrategy },
    },
    return503OnClosing: true,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (config.NODE_ENV === 'test') app.addHook('onSend', answerMeetsContract);

  const clock = createClock(config.APP_NOW);
  const jwt = createJwt(config.JWT_SECRET);
  const fileKeys = createFileKeys(config.JWT_SECRET);
  const { db } = database;

  registerErrorHandling(app);
  acceptEmptyJsonAsNoBody(app);
  registerEditionAccess(app, (token) => previewEdition(db, jwt, clock(), token));
  await app.register(cookie);
  // Pages, scripts and JSON travel compressed: phones at the show are on busy mobile networks.
  // Brotli at quality 3: on a page of 'Mes scans' (36 KB of JSON) quality 4, the plugin's
  // default, took 0.75 ms of the API's thread for the same 2 KB out (quality 3: 0.06 ms).
  // An answer held whole up to 64 KB (a page of a list) is compressed in one call and sent in one
  // write with its length. The plugin's default on 2 cores streams anything past 8 KB through a
  // zlib stream sent in chunks: that cost a page of 'Mes scans' 5.1 ms of the server's CPU
  // instead of 3.2 (PostgreSQL, 10 connections; identity: 2.4).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
      },
    },
  });
  // The CSP's frame-src names the virtual tour the organiser set (the settings are made below).
  await registerSecurity(app, config, { tourOrigin: () => siteSettings.tourOrigin() });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    // ioredis reconnects by itself; without a listener each failed attempt is an unhandled error.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis connection lost, reconnecting'));
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  registerMetrics(app, { database, redis, token: config.METRICS_TOKEN });
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  // What an instance keeps in memory is forgotten on every instance when the data changes.
  const cacheBus = redis
    ? await redisCacheBus(redis, app.log)
    : database.pool
      ? await postgresCacheBus(database.pool.options.connectionString!, app.log)
      : localCacheBus();
  app.addHook('onClose', () => cacheBus.close());
  // Before the rate-limit plugin's own hook, which reads each route's config as it is declared.
  // Files are outside the API's budget: the built app's are free, uploads and the show's PDFs
  // have budgets of their own (domains/files/files.routes.ts).
  app.addHook('onRoute', (route) => {
    if (isFileRoute(route.url)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    max: config.API_RATE_LIMIT,
    timeWindow: '1 minute',
    redis,
    nameSpace: 'salon-rl:',
    // Files are left out by their routes' config (above). Pages and 404s have a budget of their own
    // (plugins/web.ts).
    allowList: isInternalCall,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      message: `Trop de requêtes. Veuillez réessayer dans ${ctx.after}.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Salon BTP API', version: '1.0.0' },
      components: { securitySchemes: audienceSchemes() },
    },
    // Each route's declared audience (plugins/auth.ts) is its security requirement.
    transform: (input) => {
      // Every route may refuse or fail, in one shape.
      const response = { ...(input.schema?.response as object), '4XX': errorSchema, '5XX': errorSchema };
      const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response } });
      const audience = input.route.config?.audience;
      return audience ? { ...out, schema: { ...out.schema, security: [{ [audience]: [] }] } } : out;
    },
  });
  registerAuth(app, { db, jwt, clock });
  app.decorateRequest('kiosk', null);

  const auth = createAuthService({ db, jwt, clock });
  const directoryCache = createDirectoryCache(cacheBus, config.DIRECTORY_CACHE_SECONDS);
  const siteSettings = createSiteSettingsStore(db, cacheBus);
  // Another edition made current: the show's facts of badges and gates are read again everywhere.
  cacheBus.subscribe(EDITION_TOPIC, forgetCurrentShow);
  const editionChanged = () => {
    cacheBus.publish(EDITION_TOPIC);
    directoryCache.clear();
    siteSettings.changed();
  };
  // Read before the first page, whose CSP names the tour (a failure is read again on demand).
  app.addHook('onReady', async () => void (await siteSettings.get().catch(() => undefined)));
  // Checked at start by server.ts, at the real time (APP_NOW aside): a phone checks it so.
  const appleWallet = walletFromConfig(config, new Date());
  const googleWallet = googleWalletFromConfig(config);
  // A pass's devices ask the web service for its changes (passkit.routes.ts).
  const passTokens = passAuthTokens(config.JWT_SECRET, db);
  const applePasses =
    appleWallet &&
    createApplePasses(appleWallet, walletImages(config.WEB_BUILD_DIR), {
      url: `${config.PUBLIC_URL}${API_PREFIX}/passkit`,
      token: passTokens.of,
    });
  const passPlace = async () => {
    const { venue } = await siteSettings.get();
    return { venue: venueLine(venue), location: mapPoint(venue.mapUrl) };
  };
  const mail = {
    links: createLinkSigner(config.JWT_SECRET),
    publicUrl: config.PUBLIC_URL,
    now: clock,
    appleWallet: appleWallet !== null,
    googleWallet: googleWallet !== null,
  };
  // After a commit that queued mail, a worker in this process sends it at once (else it polls).
  const onQueued = notifyMailWorkers;
  const badgeSigner = createBadgeSigner(config.BADGE_PRIVATE_KEY);
  const badges = createBadgeService(db, badgeSigner);
  const kiosks = createKioskService(db, badges, badgeSigner);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, clock, redis, isDraining: () => draining });
      await api.register(authRoutes, {
        auth,
        db,
        mail,
        onQueued,
        loginRateLimit: config.LOGIN_RATE_LIMIT,
        kiosks,
        clock,
      });
      await api.register(accountAndTeamRoutes, { db, mail, onQueued, directoryCache, jwt });
      await api.register(participationRoutes, { db, mail });
      await api.register(registrationsRoutes, { db, directoryCache });
      await api.register(exhibitorPageRoutes, { db });
      await api.register(ownPageRoutes, { db, directoryCache, fileKeys });
      await api.register(myBookingsRoutes, { db, clock, onQueued });
      await api.register(contentRoutes, { db });
      await api.register(siteSettingsRoutes, { settings: siteSettings });
      await api.register(referenceRoutes, { db, clock });
      await api.register(floorPlanRoutes, { db, directoryCache });
      await api.register(conferencesRoutes, { db });
      await api.register(contactRoutes, { db, organiserEmail: config.ORGANISER_EMAIL, onQueued });
      await api.register(visitorsRoutes, {
        db,
        mail,
        onQueued,
        rateLimit: config.REGISTRATION_RATE_LIMIT,
        organiserEmail: config.ORGANISER_EMAIL,
      });
      await api.register(standSalesRoutes, {
        db,
        clock,
        publicUrl: config.PUBLIC_URL,
        organiserEmail: config.ORGANISER_EMAIL,
        onQueued,
        holdRateLimit: config.STAND_HOLD_RATE_LIMIT,
        takenMemoMs: config.STAND_TAKEN_MEMO_SECONDS * 1000,
        links: mail.links,
      });
      await api.register(enquiriesRoutes, { db, organiserEmail: config.ORGANISER_EMAIL, onQueued, clock });
      await api.register(newslettersRoutes, { db, mail, onQueued });
      await api.register(ebadgeRoutes, {
        db,
        badges,
        mail,
        onQueued,
        appleWallet: appleWallet !== null,
        googleWallet: googleWallet !== null,
      });
      await api.register(walletRoutes, {
        badges,
        place: passPlace,
        wallet: appleWallet,
        passes: applePasses,
        google: googleWallet,
        mail,
      });
      await api.register(passkitRoutes, {
        db,
        badges,
        passes: applePasses,
        passTypeId: appleWallet?.passTypeId ?? null,
        tokens: passTokens,
        place: passPlace,
      });
      await api.register(visitRoutes, { db, badges, settings: siteSettings, publicUrl: config.PUBLIC_URL });
      await api.register(visitedStandsRoutes, { db, badges, clock, publicUrl: config.PUBLIC_URL, fileKeys });
      await api.register(badgesRoutes, { signer: badgeSigner });
      await api.register(scansRoutes, { db, signer: badgeSigner, clock, cacheBus });
      await api.register(gateRoutes, { db, signer: badgeSigner, clock });
      await api.register(adminRoutes, {
        prefix: '/admin',
        db,
        clock,
        config,
        mail,
        onQueued,
        directoryCache,
        badges,
        kiosks,
        siteSettings,
        editionChanged,
        jwt,
        fileKeys,
      });
      await api.register(kioskRoutes, { db, kiosks, clock, lookupRateLimit: config.KIOSK_LOOKUP_RATE_LIMIT, mail });
    },
    { prefix: API_PREFIX },
  );
  await app.register(seoRoutes, { db, config });
  await app.register(offlineSwRoutes, { config });
  // The API document: whole for an organiser signed in, or on this machine (a developer, the tests);
  // the public one leaves the back-office out (N7).
  let publicDocs: ReturnType<typeof publicDocument> | undefined;
  app.get('/backend/docs', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('vary', 'authorization');
    if (isLocalUnforwarded(request) || (await isOrganiser(app, request, reply))) return app.swagger();
    publicDocs ??= publicDocument(app.swagger());
    return publicDocs;
  });
  app.get('/backend', { schema: { hide: true } }, async (_req, reply) =>
    reply.status(404).send(errorBody(404, 'NotFoundError', 'Ressource introuvable.')),
  );
  // The PDFs under /assets/files/ are made from the data, before the static files and pages.
  await app.register(filesRoutes, {
    db,
    rateLimit: config.FILE_RATE_LIMIT,
    largeRateLimit: config.LARGE_FILE_RATE_LIMIT,
    cacheBytes: config.FILE_CACHE_MB * 1024 * 1024,
    fileKeys,
  });
  await registerWeb(app, config, clock, {
    current: async () => (await currentShow(db)).event,
    preview: (token) => previewEdition(db, jwt, clock(), token),
  });
  return app;
}
