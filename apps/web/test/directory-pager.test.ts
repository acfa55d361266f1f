import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readSearch } from '../app/features/directory/api/directory-query';
import { DEMO_SHOW } from './show';
import { createI18n } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';
import Annuaire from '../app/routes/annuaire';

type AnnuaireProps = Parameters<typeof Annuaire>[0];

/** The directory's page as the server renders it, for a search whose results fill 3 pages. */
async function renderDirectory(url: string): Promise<string> {
  const routes = [
    {
      path: '/annuaire',
      loader: ({ request }: { request: Request }) => {
        const search = readSearch(new URL(request.url));
        return {
          seo: null,
          search,
          entries: [],
          pagination: { page: search.page, pageSize: 100, pageCount: 3, total: 250 },
        };
      },
      Component: function Page() {
        const loaderData: unknown = useLoaderData();
        return createElement(Annuaire, { loaderData } as unknown as AnnuaireProps);
      },
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n: createI18n('fr', serverResources, DEMO_SHOW) },
      createElement(StaticRouterProvider, { router, context }),
    ),
  );
}

/** The attribute `name` of the first tag matching `tag` (a regular expression's source). */
function attribute(html: string, tag: string, name: string): string | undefined {
  const found = new RegExp(`<${tag}[^>]*>`).exec(html)?.[0];
  return found && new RegExp(`\\s${name}="([^"]*)"`).exec(found)?.[1];
}

describe('the directory without scripts', () => {
  it('pages with plain links that keep the search', async () => {
    const html = await renderDirectory('/annuaire?q=beton&page=2');
    expect(html).toContain('Page 2 sur 3');
    expect(attribute(html, 'a[^>]*rel="prev"', 'href')).toBe('/annuaire?q=beton');
    expect(attribute(html, 'a[^>]*rel="next"', 'href')).toBe('/annuaire?q=beton&amp;page=3');
  });

  it('searches with a GET form whose fields the server fills from the address', async () => {
    const html = await renderDirectory('/annuaire?q=beton&hall=Hall%20B');
    expect(attribute(html, 'form', 'method')).toBe('get');
    expect(attribute(html, 'input[^>]*id="directory-company"', 'name')).toBe('q');
    expect(attribute(html, 'input[^>]*id="directory-company"', 'value')).toBe('beton');
    // An older link's hall text is the hall-or-stand search it was: shown in the stand's field.
    expect(attribute(html, 'input[^>]*id="directory-stand"', 'value')).toBe('Hall B');
    expect(attribute(html, 'a[^>]*rel="next"', 'href')).toBe('/annuaire?q=beton&amp;hall=Hall+B&amp;page=2');
  });

  it('keeps the hall, sector, stand and letter of the search in its pages and in the form', async () => {
    const html = await renderDirectory('/annuaire?hall=3&sector=5&stand=A-1&letter=B');
    expect(attribute(html, 'select[^>]*id="directory-hall"', 'name')).toBe('hall');
    expect(attribute(html, 'select[^>]*id="directory-sector"', 'name')).toBe('sector');
    expect(attribute(html, 'input[^>]*id="directory-stand"', 'value')).toBe('A-1');
    expect(attribute(html, 'input[^>]*type="hidden"', 'value')).toBe('b');
    expect(attribute(html, 'a[^>]*rel="next"', 'href')).toBe(
      '/annuaire?hall=3&amp;stand=A-1&amp;sector=5&amp;letter=b&amp;page=2',
    );
  });
});
