import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREVIEW_COOKIE } from '../domains/editions/preview';
import { isInternalCall } from './internal-call';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Which editions not current yet this request may see (decision 044): an organiser's (its
     * bearer) all of them; an organiser's preview (its cookie, or a page's loader that carries
     * it) that one; anyone else none. Past and current editions are everyone's.
     */
    editionsSeen: (request: FastifyRequest, reply: FastifyReply) => Promise<(editionId: number) => boolean>;
  }
}

/** The edition a page's in-process call previews (set by plugins/web.ts, believed only from within). */
export const PREVIEW_EDITION_HEADER = 'x-preview-edition';

/** Whether the request carries a live organiser's token; a missing or dead one is no error here. */
export async function isOrganiser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    await app.authenticate(request, reply);
  } catch {
    return false;
  }
  return request.user?.type === 'organiser';
}

export function registerEditionAccess(
  app: FastifyInstance,
  previewedBy: (token: string) => Promise<{ id: number } | null>,
): void {
  app.decorate('editionsSeen', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isInternalCall(request)) {
      const id = Number(request.headers[PREVIEW_EDITION_HEADER]);
      return (edition: number) => edition === id;
    }
    if (await isOrganiser(app, request, reply)) return () => true;
    const token = request.cookies[PREVIEW_COOKIE];
    const previewed = token ? await previewedBy(token) : null;
    return (edition: number) => edition === previewed?.id;
  });
}
