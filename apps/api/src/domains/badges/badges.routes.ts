import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBadgePublicKey } from '@salon/shared';
import { route } from '../../lib/route';
import type { BadgeSigner } from './badge-token';

export interface BadgesRoutesOptions {
  signer: BadgeSigner;
}

/**
 * The key that checks badge QR codes. Public on purpose: the gate screens keep it so that they
 * can check badges offline, and it changes only when the operator changes BADGE_PRIVATE_KEY.
 */
export const badgesRoutes: FastifyPluginAsyncZod<BadgesRoutesOptions> = async (app, { signer }) => {
  const body = {
    data: { algorithm: 'Ed25519' as const, publicKey: signer.publicKeyRaw, jwk: signer.publicKeyJwk },
  };
  route(app, getBadgePublicKey, {}, async (_request, reply) => {
    // An hour: a changed key reaches the gates soon enough, and the gates rarely ask.
    reply.header('cache-control', 'public, max-age=3600');
    return body;
  });
};
