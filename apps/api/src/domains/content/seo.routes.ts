import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_LANGUAGE, langParam, LANGUAGES, type Language, PUBLIC_PATHS } from '@salon/shared';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { currentConferenceIds } from './conferences.service';
import { loadEvent } from '../show/edition';
import { listedExhibitorSlugs } from '../directory/exhibitor-page.service';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `robots.txt` and `sitemap.xml`: every public page in French and in English (`?lang=en`). */
export const seoRoutes: FastifyPluginAsync<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const base = config.PUBLIC_URL;
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /backend/',
          'Disallow: /espace-exposant',
          'Disallow: /login',
          'Disallow: /definir-mot-de-passe',
          'Disallow: /invitation-collaborateur',
          'Disallow: /confirmer-email',
          'Disallow: /mot-de-passe-oublie',
          'Disallow: /scanner',
          'Disallow: /admin',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const [sessions, exhibitors, { year }] = await Promise.all([
      currentConferenceIds(db),
      listedExhibitorSlugs(db),
      loadEvent(db),
    ]);
    const paths = [
      ...PUBLIC_PATHS,
      `/${config.PRODUCT_SLUG}`,
      `/plan-${year}`,
      `/programme-${year}`,
      ...sessions.map((c) => `/conference/${c.id}`),
      ...exhibitors.map((slug) => `/annuaire/${slug}`),
    ];
    const urls = paths.map((p) => {
      const href = (lang: Language) => escapeXml(`${base}${p}${langParam(lang, '?')}`);
      const alternates = LANGUAGES.map(
        (lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(lang)}"/>`,
      );
      return `<url><loc>${href(DEFAULT_LANGUAGE)}</loc>${alternates.join('')}</url>`;
    });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
};
