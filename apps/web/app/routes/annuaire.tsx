import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { Answer, directoryPageSchema } from '@salon/shared';
import { directoryQuery, readSearch, searchUrl } from '../features/directory/api/directory-query';
import { ExhibitorCard } from '../features/directory/components/exhibitor-card';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { loaderApi, previewedEditionId } from '../lib/server-api';
import type { Route } from './+types/annuaire';
import '../features/directory/directory.css';
import '../components/ui/pager.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = readSearch(new URL(request.url));
  const result = await loaderApi<Answer<typeof directoryPageSchema>>(
    context,
    directoryQuery(search, previewedEditionId(context)),
  );
  return {
    seo: pageSeo(request, context, 'annuaire'),
    search,
    entries: result.data,
    pagination: result.meta.pagination,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Annuaire({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search, entries, pagination } = loaderData;
  const busy = useNavigation().state === 'loading';
  const total = pagination?.total ?? entries.length;
  const pageCount = pagination?.pageCount ?? 1;
  return (
    <div className="container page">
      <h1>{t('pages.annuaire.title')}</h1>
      <p className="lead">{t('pages.annuaire.lead')}</p>
      {/* A GET form: the search works without scripts and its URL can be shared. */}
      <Form method="get" className="search-form card" role="search">
        <div className="field">
          <label htmlFor="directory-company">{t('directory.company')}</label>
          <input id="directory-company" name="q" type="search" defaultValue={search.company} key={search.company} />
        </div>
        <div className="field">
          <label htmlFor="directory-hall">{t('directory.hall')}</label>
          <input id="directory-hall" name="hall" type="search" defaultValue={search.hall} key={search.hall} />
        </div>
        <button type="submit" className="btn btn-primary">
          {t('common.search')}
        </button>
      </Form>
      <p className="result-count" role="status" aria-busy={busy}>
        {t('directory.count', { count: total })}
      </p>
      {entries.length === 0 ? (
        <p className="empty">{t('directory.empty')}</p>
      ) : (
        <ul className="exhibitor-grid">
          {entries.map((entry) => (
            <ExhibitorCard key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav className="pager" aria-label={t('directory.pages')}>
          {search.page > 1 && (
            <Link to={searchUrl({ ...search, page: search.page - 1 })} rel="prev">
              {t('directory.previous')}
            </Link>
          )}
          <span>{t('directory.pageOf', { page: search.page, count: pageCount })}</span>
          {search.page < pageCount && (
            <Link to={searchUrl({ ...search, page: search.page + 1 })} rel="next">
              {t('directory.next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
