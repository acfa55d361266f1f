import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { getExhibitorPage, type Language, pickFilled, type ExhibitorPage } from '@salon/shared';
import { ExhibitorPageView } from '../features/directory/components/exhibitor-page';
import { paths } from '../config/paths';
import { visitOf } from '../features/my-visit/visit.server';
import { seoMeta, type Seo } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { serverT } from '../lib/i18n.server';
import { loaderCall, LoaderApiError } from '../lib/server-api';
import type { Route } from './+types/exposant';
import '../features/directory/directory.css';

/** A description for search engines: the exhibitor's own first words, else `fallback` (where to find it). */
function describe(page: ExhibitorPage, lang: Language, fallback: string): string {
  const own = pickFilled(lang, page.description).replace(/\s+/g, ' ').trim();
  if (!own) return fallback;
  return own.length > 160 ? `${own.slice(0, 157).trimEnd()}…` : own;
}

/** schema.org's Organization, for search engines: the company, its logo, its links, its brands. */
function organisation(page: ExhibitorPage, seo: Seo, base: string) {
  const website = page.links.find((l) => l.kind === 'website')?.url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: page.company,
    url: website ?? seo.url,
    mainEntityOfPage: seo.url,
    description: seo.description,
    ...(page.logo && { logo: new URL(page.logo.url, base).href }),
    sameAs: page.links.filter((l) => l.kind !== 'website').map((l) => l.url),
    ...(page.brands.length > 0 && { brand: page.brands.map((name) => ({ '@type': 'Brand', name })) }),
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const seo = pageSeo(request, context, 'annuaire');
  try {
    const { data: page } = await loaderCall(context, getExhibitorPage, { params: { slug: params.slug } });
    const url = new URL(request.url);
    // A former name's address (a renamed company) leads to the page's address now.
    if (page.slug !== params.slug) throw redirect(`${paths.annuaire}/${page.slug}${url.search}`, 301);
    const { lang, t } = serverT(request, context);
    const own: Seo = {
      ...seo,
      title: `${page.company} — ${t('pages.annuaire.title')} — ${t('brand.short')}`,
      description: describe(
        page,
        lang,
        t('exhibitorPage.metaDescription', {
          company: page.company,
          hall: page.gate?.name ?? '—',
          booth: page.booth ?? '—',
        }),
      ),
    };
    const visit = visitOf(request);
    const kept = visit.exhibitors.includes(page.id);
    const keptTalks = page.conferences.filter((c) => visit.conferences.includes(c.id)).map((c) => c.id);
    return { seo: own, page, kept, keptTalks, organisation: organisation(page, own, new URL(own.url).origin) };
  } catch (err) {
    if (err instanceof LoaderApiError && [400, 404, 414].includes(err.status)) throw data({ seo }, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  ...seoMeta(loaderData?.seo),
  ...(loaderData?.organisation ? [{ 'script:ld+json': loaderData.organisation }] : []),
];

export default function Exposant({ loaderData }: Route.ComponentProps) {
  return <ExhibitorPageView page={loaderData.page} kept={loaderData.kept} keptTalks={loaderData.keptTalks} />;
}

/** An address no listed exhibitor has: the site's 'not found' with the way to the directory. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <h1>{t('exhibitorPage.notFound')}</h1>
      <p>{t('exhibitorPage.notFoundLead')}</p>
      <Link className="btn btn-primary" to={paths.annuaire}>
        {t('pages.annuaire.title')}
      </Link>
    </div>
  );
}
