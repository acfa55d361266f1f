import { useTranslation } from 'react-i18next';
import { data, Form, Link, useNavigation } from 'react-router';
import {
  asLanguage,
  getDirectoryFacets,
  callUrl,
  getRegistrations,
  pickFilled,
  type Answer,
  type directoryPageSchema,
} from '@salon/shared';
import { directoryQuery, pickedHall, readSearch, searchUrl } from '../features/directory/api/directory-query';
import { ExhibitorCard } from '../features/directory/components/exhibitor-card';
import { visitOf } from '../features/my-visit/visit.server';
import { LetterIndex } from '../features/directory/components/letter-index';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { LoaderApiError, loaderApi, loaderDataOr, previewedEditionId } from '../lib/server-api';
import type { Route } from './+types/annuaire';
import '../features/directory/directory.css';
import '../components/ui/pager.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = readSearch(new URL(request.url));
  const edition = previewedEditionId(context);
  const [result, facets] = await Promise.all([
    loaderApi<Answer<typeof directoryPageSchema>>(
      context,
      callUrl(getRegistrations, { query: directoryQuery(search, edition) }),
    ).catch((err: unknown) => {
      // A search the API refuses (a name past 200 letters, a page number past any): the page
      // with no entry, as a 400, and one line in the log.
      if (!(err instanceof LoaderApiError) || err.status !== 400) throw err;
      console.warn(`directory search refused: ${err.message.slice(0, 300)}`);
      return null;
    }),
    // The pickers' counts; without them the pickers still list nothing and the search works.
    loaderDataOr(context, getDirectoryFacets, { query: edition === undefined ? {} : { event: String(edition) } }, null),
  ]);
  const page = {
    seo: pageSeo(request, context, 'annuaire'),
    search,
    facets,
    entries: result?.data ?? [],
    pagination: result?.meta.pagination,
    kept: visitOf(request).exhibitors,
  };
  return result ? page : data(page, { status: 400 });
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Annuaire({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { search, entries, pagination } = loaderData;
  const facets = loaderData.facets ?? null;
  const busy = useNavigation().state === 'loading';
  const total = pagination?.total ?? entries.length;
  const pageCount = pagination?.pageCount ?? 1;
  const hallId = pickedHall(search);
  // An older link's hall text (hall or stand) stays in the search until it is changed.
  const hallText = hallId === null ? search.hall : '';
  return (
    <div className="container page">
      <h1>{t('pages.annuaire.title')}</h1>
      <p className="lead">{t('pages.annuaire.lead')}</p>
      {/* A GET form: the search works without scripts and its URL can be shared. */}
      <Form method="get" className="search-form directory-search card" role="search">
        <div className="field">
          <label htmlFor="directory-company">{t('directory.company')}</label>
          <input id="directory-company" name="q" type="search" defaultValue={search.company} key={search.company} />
        </div>
        <div className="field">
          <label htmlFor="directory-sector">{t('directory.sector')}</label>
          <select id="directory-sector" name="sector" defaultValue={search.sector} key={`s${search.sector}`}>
            <option value="">{t('directory.allSectors', { count: facets?.total ?? total })}</option>
            {facets?.sectors.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {t('directory.withCount', {
                  name: pickFilled(asLanguage(i18n.language), s.name),
                  count: s.count,
                })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="directory-hall">{t('directory.hall')}</label>
          <select
            id="directory-hall"
            name="hall"
            defaultValue={hallId === null ? '' : String(hallId)}
            key={`h${search.hall}`}
          >
            <option value="">{t('directory.allHalls')}</option>
            {facets?.halls.map((h) => (
              <option key={h.id} value={String(h.id)}>
                {t('directory.withCount', { name: h.name, count: h.count })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="directory-stand">{t('directory.stand')}</label>
          <input
            id="directory-stand"
            name="stand"
            type="search"
            defaultValue={search.stand || hallText}
            key={`t${search.stand}${hallText}`}
            aria-describedby="directory-stand-hint"
          />
          <p className="form-hint" id="directory-stand-hint">
            {t('directory.standHint')}
          </p>
        </div>
        {search.letter && <input type="hidden" name="letter" value={search.letter} />}
        <button type="submit" className="btn btn-primary">
          {t('common.search')}
        </button>
      </Form>
      {facets && <LetterIndex search={search} letters={facets.letters} />}
      <p className="result-count" role="status" aria-busy={busy}>
        {t('directory.count', { count: total })}
      </p>
      {entries.length === 0 ? (
        <p className="empty">{t('directory.empty')}</p>
      ) : (
        <ul className="exhibitor-grid">
          {entries.map((entry) => (
            <ExhibitorCard key={entry.id} entry={entry} kept={loaderData.kept.includes(entry.user.id)} />
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
