import { getSiteSettings } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import type { SiteSettingsStore } from './site-settings.service';

/**
 * What the organiser publishes about the show, for the public pages: the venue (name, address,
 * the current edition's city, a map), each team's public e-mail and phone, the virtual tour.
 * Values the organiser left empty are null: the pages leave their line out.
 */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsStore }> = async (app, { settings }) => {
  route(app, getSiteSettings, {}, async () => ({ data: await settings.get() }));
};
