import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getGoogleCallback,
  normalizeEmail,
  postKioskSessionEnd,
  postControllerLogin,
  postForgotPassword,
  postKioskSession,
  postLogin,
  postLogout,
  postOrganiserLogin,
  postResetPassword,
  type Clock,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { requestPasswordReset } from './access.service';
import { route } from '../../lib/route';
import { badRequest, HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import type { createAuthService } from './auth.service';
import type { KioskService } from '../kiosk/kiosk.service';
import { kioskOnly } from '../kiosk/kiosk.routes';
import { type MailLinks } from '../mail/links';

const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Veuillez patienter une minute avant de réessayer.';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: ReturnType<typeof createAuthService>;
  db: Db;
  mail: MailLinks;
  onQueued: () => void;
  loginRateLimit: number;
  kiosks: KioskService;
  clock: Clock;
}> = async (app, { auth, db, mail, onQueued, loginRateLimit, kiosks, clock }) => {
  const tooMany = (_req: unknown, context: { statusCode: number }) => ({
    statusCode: context.statusCode,
    message: TOO_MANY_LOGINS,
  });
  // Per account and client address: one address guessing an account's password is stopped,
  // while the owner signing in from anywhere else is not locked out by it (decision 016). The
  // address is Fastify's `request.ip` (TRUST_PROXY decides it), never a header read here. A
  // second limiter on the same route needs createRateLimit: the route's own limiter marks the
  // request as counted.
  const countAttempt = app.createRateLimit({
    max: loginRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (req) => {
      // `identifier` on the sign-ins, `email` on the kiosk's forms.
      const body = req.body as { identifier?: unknown; email?: unknown } | undefined;
      const account = body?.identifier ?? body?.email;
      return `login:${typeof account === 'string' ? normalizeEmail(account) : ''}:${req.ip}`;
    },
  });
  const perIdentifier = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await countAttempt(request);
    if (!limit.isAllowed && limit.isExceeded) {
      void reply.header('retry-after', limit.ttlInSeconds);
      throw new HttpError(429, TOO_MANY_LOGINS);
    }
  };

  const limited = {
    config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute', errorResponseBuilder: tooMany } },
    preHandler: perIdentifier,
  };

  route(app, postLogin, limited, async (request) => auth.login(request.body));

  /** `login-controleur`: controllers only; anyone else gets the main sign-in's answer to a wrong password. */
  route(app, postControllerLogin, limited, async (request) => auth.loginStaff(request.body, 'controller'));

  /** The back-office's sign-in (`/admin`): organisers only, answered like `auth/controller`. */
  route(app, postOrganiserLogin, limited, async (request) => auth.loginStaff(request.body, 'organiser'));

  /**
   * Turns this device into a kiosk: a controller's or organiser's e-mail and password, typed on
   * the device, give it a token that lasts until revoked or the end of the show day.
   */
  route(app, postKioskSession, limited, async (request) => {
    const form = request.body;
    const user = await auth.checkStaff({ identifier: form.email, password: form.password }, [
      'controller',
      'organiser',
    ]);
    return { data: await kiosks.enable(form.name, user.id, clock()), meta: {} };
  });

  /** Leaving kiosk mode on the kiosk itself takes a controller's or organiser's password, not a visitor's tap. */
  route(
    app,
    postKioskSessionEnd,
    { config: limited.config, preHandler: [kioskOnly(kiosks, clock), perIdentifier] },
    async (request, reply) => {
      const form = request.body;
      await auth.checkStaff({ identifier: form.email, password: form.password }, ['controller', 'organiser']);
      await kiosks.revoke(request.kiosk!.id, clock());
      return reply.status(204).send(null);
    },
  );

  route(app, postLogout, {}, async (request, reply) => {
    await auth.logout(currentUser(request).id);
    return reply.status(204).send(null);
  });

  // Work that goes on after the answer; closing the app waits for it.
  const afterAnswer = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...afterAnswer]);
  });

  /**
   * 'Mot de passe oublié ?': the same answer, at the same speed, whether or not the address is an
   * exhibitor's or a collaborator's, so the form tells nobody who has an account: the account is
   * looked for and the mail queued after the answer (at most RESET_MAILS_PER_HOUR per address).
   */
  const perAddress = { config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } } };
  route(app, postForgotPassword, perAddress, async (request) => {
    const form = request.body;
    const work = requestPasswordReset(db, mail, form.email).then(
      (queued) => {
        if (queued) onQueued();
      },
      (err: unknown) => request.log.error({ err }, 'password reset not queued'),
    );
    afterAnswer.add(work);
    void work.finally(() => afterAnswer.delete(work));
    return { data: { sent: true }, meta: {} };
  });

  /** The set-password page (link of the access or reset mail): sets it and signs in. */
  route(app, postResetPassword, perAddress, async (request) =>
    auth.setPassword(request.body.token, request.body.password),
  );

  // Google sign-in is not offered; the landing page says 'Bientôt disponible'.
  route(app, getGoogleCallback, {}, async () => {
    throw badRequest('Connexion Google non disponible');
  });
};
