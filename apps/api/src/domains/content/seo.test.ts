import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibitorSlug, PUBLIC_PATHS } from '@salon/shared';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/** The directory's first page, as the web asks it. */
const DIRECTORY_CALL =
  'registrations?filters[type]=exhibitor&filters[confirmed]=true&filters[user][company][$notNull]=true' +
  '&filters[conference][id][$null]=true&populate[gate]=true&populate[user][populate][0]=avatar&pagination[pageSize]=100';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example.com', PRODUCT_SLUG: 'le-salon' });
});
afterAll(() => ctx.close());

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the site, keeps crawlers out of the private area and names the sitemap', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /espace-exposant');
    expect(res.body).toContain('Disallow: /scanner');
    // The pages of mailed links: their address carries a secret.
    expect(res.body).toContain('Disallow: /invitation-collaborateur');
    expect(res.body).toContain('Disallow: /confirmer-email');
    expect(res.body).toContain('Sitemap: https://salon.example.com/sitemap.xml');
  });

  it('the sitemap lists every public page, the show page at its configured slug, each conference and each listed exhibitor’s page, in both languages', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const p of PUBLIC_PATHS) {
      expect(res.body).toContain(`<loc>https://salon.example.com${p}</loc>`);
    }
    expect(res.body).toContain('<loc>https://salon.example.com/le-salon</loc>');
    expect(res.body).toContain('hreflang="en" href="https://salon.example.com/infos-horaire?lang=en"');
    expect(res.body.match(/<loc>https:\/\/salon\.example\.com\/conference\/\d+<\/loc>/g)).toHaveLength(10);
    const listed = await call(ctx.app, 'GET', DIRECTORY_CALL);
    const entries = listed.json<{
      data: { user: { id: number; company: string } }[];
      meta: { pagination: { total: number } };
    }>();
    const pages = res.body.match(/<loc>https:\/\/salon\.example\.com\/annuaire\/[a-z0-9-]+<\/loc>/g) ?? [];
    expect(pages).toHaveLength(entries.meta.pagination.total);
    for (const { user } of entries.data)
      expect(res.body).toContain(
        `<loc>https://salon.example.com/annuaire/${exhibitorSlug(user.company, user.id)}</loc>`,
      );
  });
});
