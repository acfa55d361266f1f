import { FORUM_STAND } from '@salon/shared';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { companyInDirectory, paths, standOnPlan } from '../../config/paths';
import { downloadUrl, fileUrl } from '../../config/files';
import { HallPlan } from './components/hall-plan';
import { PlanZoom } from './components/plan-zoom';
import { FeatureLegendItems } from './components/plan-features';
import { hallLink, matchesOf, type PlanQuery, type PlanView } from './plan-view';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * An edition's floor plan (/plan-<year>, routes/product.tsx): one hall at a time, drawn by the server, with hall tabs, a search that
 * highlights stands and companies, and `?stand=B-14` opening on that stand. Tabs and search are
 * a link and a GET form, so all of it works without scripts; with them, the search highlights as
 * one types and the plan zooms. The PDF of every hall stays a click away.
 */
export function PlanPage({ view, query, year }: { view: PlanView; query: PlanQuery; year: number }) {
  const { t } = useTranslation();
  const { hall } = view;
  const target = hall?.stands.find((s) => s.number === view.target);
  const hydrated = useHydrated();
  // Typed into the search box, before it is sent: highlights at once (until the next address).
  const [typedAt, setTypedAt] = useState<{ query: typeof query; value: string } | null>(null);
  // The scripts start when the visitor touches the page: what was typed before they ran counts too.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const value = searchBox.current?.value;
    if (value !== undefined && value !== query.q) setTypedAt({ query, value });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const typed = typedAt?.query === query ? typedAt.value : null;
  const q = typed ?? query.q;
  const matches = hall ? matchesOf(hall.stands, q) : new Set<string>();

  return (
    <article className="container page plan-page">
      <h1>{t('pages.plan.title', { year })}</h1>
      <p className="lead">{t('pages.plan.lead', { year })}</p>
      {hall ? (
        <>
          <Form method="get" className="search-form card plan-search" role="search">
            <div className="field">
              <label htmlFor="plan-q">{t('plan.search')}</label>
              <input
                id="plan-q"
                ref={searchBox}
                name="q"
                type="search"
                defaultValue={query.q}
                key={query.q}
                onInput={(e) => setTypedAt({ query, value: e.currentTarget.value })}
              />
            </div>
            <button type="submit" className="btn btn-primary">
              {t('common.search')}
            </button>
          </Form>
          <p className="result-count" role="status">
            {statusOf(view, query, typed !== null, t)}
          </p>
          <nav aria-label={t('plan.halls')}>
            <ul className="hall-tabs">
              {view.halls.map((h) => {
                const found = typed === null ? h.found : 0;
                return (
                  <li key={h.id}>
                    <Link to={hallLink(h, q.trim())} aria-current={h.id === hall.id ? 'page' : undefined}>
                      {h.name}
                      {found > 0 && <span className="hall-tab-count"> ({found})</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <PlanZoom key={`${hall.id}-${target?.number ?? ''}`} focus={target?.number}>
            <HallPlan hall={hall} matches={matches} target={target} />
          </PlanZoom>
          {/* The zoom's buttons come with the scripts: only then does the hint name them. */}
          <p className="plan-hint">{t(hydrated ? 'plan.hint' : 'plan.hintStatic')}</p>
          <ul className="plan-legend" aria-hidden="true">
            <li className="is-taken">{t('plan.legendTaken')}</li>
            <li className="is-free">{t('plan.legendFree')}</li>
            <li className="is-match">{t('plan.legendMatch')}</li>
            <FeatureLegendItems hall={hall} t={t} />
          </ul>
          <section className="stand-list" aria-labelledby="stand-list-title">
            <h2 id="stand-list-title">{t('plan.listTitle', { hall: hall.name })}</h2>
            <ul>
              {hall.stands.map((s) => (
                <li key={s.number} className={matches.has(s.number) ? 'is-match' : undefined}>
                  <Link to={standOnPlan(s.number, year)}>
                    {s.number === FORUM_STAND ? t('plan.forumRoom') : s.number}
                  </Link>
                  {' — '}
                  {s.number === FORUM_STAND ? (
                    <Link to={paths.programme}>{t('pages.programme.title')}</Link>
                  ) : s.companies.length ? (
                    s.companies.map((c, i) => (
                      <span key={c}>
                        {i > 0 && ', '}
                        <a href={companyInDirectory(c)}>{c}</a>
                      </span>
                    ))
                  ) : (
                    <span className="stand-free">{t('plan.free')}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : (
        <p>{t('plan.empty')}</p>
      )}
      <p className="download-actions">
        <a className="btn btn-primary" href={downloadUrl('plan', year)} download>
          {t('downloads.plan')}
        </a>
        <a href={fileUrl('plan', year)}>{t('downloads.open')}</a>
      </p>
    </article>
  );
}

/**
 * What the page says of the search sent (not while another is being typed), or else of the stand
 * it was opened on.
 */
function statusOf({ total, hall, target }: PlanView, query: PlanQuery, typing: boolean, t: TFunction): string {
  if (query.q && !typing)
    return total ? t('plan.matches', { count: total, q: query.q }) : t('plan.noMatch', { q: query.q });
  if (!query.stand) return '';
  return target
    ? t('plan.target', { number: target, hall: hall!.name })
    : t('plan.targetMissing', { number: query.stand });
}
