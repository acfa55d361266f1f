import {
  asLanguage,
  pickFilled,
  exhibitorSlug,
  FORUM_STAND,
  type DirectoryFacets,
  type ExhibitorPage,
  type PlanStand,
} from '@salon/shared';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigate } from 'react-router';
import { paths, PLAN_ANCHOR, standOnPlan } from '../../config/paths';
import { downloadUrl, fileUrl } from '../../config/files';
import { HallPlan } from './components/hall-plan';
import { OPENS_HERE } from '../../lib/deferred-scripts';
import { PlanZoom } from './components/plan-zoom';
import { StandCard } from './components/stand-card';
import { FeatureLegendItems } from './components/plan-features';
import { hallLink, matchesOf, type PlanQuery, type PlanView } from './plan-view';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * An edition's floor plan (/plan-<year>, routes/edition-page.tsx): one hall at a time, drawn by the server, with hall tabs, a search and
 * a sector picker that highlight stands, and `?stand=B-14` opening on that stand with its card
 * (a tap on a stand is that address, at `#plan`: the page opens on the plan and the card, below
 * the sticky header, before its scripts run), the plan first. Tabs and search are
 * a link and a GET form, so all of it works without scripts; with them, the search highlights as
 * one types and the plan zooms. The PDF of every hall stays a click away.
 */
export function PlanPage({
  view,
  query,
  year,
  kept,
  sectors,
  card,
}: {
  view: PlanView;
  query: PlanQuery;
  year: number;
  /** The exhibitors of 'Ma visite'. */
  kept: number[];
  /** The show's sectors with their exhibitors' count, for the sector picker. */
  sectors: DirectoryFacets['sectors'];
  /** The page of the tapped stand's first exhibitor, for its card. */
  card: ExhibitorPage | null;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
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
  // A stand tapped once the scripts run shows whole with its card, not below the fold. Not the
  // stand the page was opened on: its address's #plan put it in view without scripts, which start
  // later (the frame asks for them, or the visitor's first touch does): moving the page then moved
  // it under a finger on its way to the card, and the tap landed elsewhere.
  const shownStand = useRef(`${hall?.id}:${target?.number ?? ''}`);
  useEffect(() => {
    const shown = `${hall?.id}:${target?.number ?? ''}`;
    if (shown === shownStand.current) return;
    shownStand.current = shown;
    const frame = document.getElementById(PLAN_ANCHOR);
    if (target && frame) showWhole(frame);
  }, [target?.number, hall?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const typed = typedAt?.query === query ? typedAt.value : null;
  const q = typed ?? query.q;
  const matches = hall ? matchesOf(hall.stands, q, query.sector) : new Set<string>();
  const picked = sectors.find((s) => String(s.id) === query.sector);
  const sectorName = picked && pickFilled(asLanguage(i18n.language), picked.name);
  // A tap opens the stand's card on the plan; on the open card's stand, it goes on to the page.
  const linkOf = (stand: PlanStand) => {
    const first = stand.holders[0];
    if (stand === target && first !== undefined)
      return `${paths.annuaire}/${exhibitorSlug(stand.companies[0]!, first)}`;
    const params = new URLSearchParams({ stand: stand.number });
    if (query.q) params.set('q', query.q);
    if (query.sector) params.set('sector', query.sector);
    return `?${params.toString()}#${PLAN_ANCHOR}`;
  };

  if (!hall) {
    return (
      <article className="container page plan-page">
        <h1>{t('pages.plan.title', { year })}</h1>
        <p className="lead">{t('pages.plan.lead', { year })}</p>
        <p>{t('plan.empty')}</p>
        <Downloads year={year} />
      </article>
    );
  }

  const search = (
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
      {sectors.length > 0 && (
        <div className="field">
          <label htmlFor="plan-sector">{t('plan.sector')}</label>
          <select id="plan-sector" name="sector" defaultValue={query.sector} key={`s${query.sector}`}>
            <option value="">{t('plan.sectorAll')}</option>
            {sectors.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {t('directory.withCount', {
                  name: pickFilled(asLanguage(i18n.language), s.name),
                  count: s.count,
                })}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="btn btn-primary">
        {t('common.search')}
      </button>
    </Form>
  );
  const drawing = (
    <>
      <nav aria-label={t('plan.halls')}>
        <ul className="hall-tabs">
          {view.halls.map((h) => {
            const found = typed === null ? h.found : 0;
            return (
              <li key={h.id}>
                <Link to={hallLink(h, q.trim(), query.sector)} aria-current={h.id === hall.id ? 'page' : undefined}>
                  {h.name}
                  {found > 0 && <span className="hall-tab-count"> ({found})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* The stands are links, so keys and taps reach this too. With the scripts a tap stays in the
          page, at the link's address without its #plan (React Router would put the frame at the
          top of the screen): the effect above scrolls the least to show the stand and its card. */}
      <div
        className="plan-frame"
        id={PLAN_ANCHOR}
        {...(target ? { [OPENS_HERE]: '' } : {})}
        onClick={(event) => {
          const link = (event.target as Element).closest('a[data-stand]');
          const href = link?.getAttribute('href')?.split('#')[0];
          if (!href || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          void navigate(href, { preventScrollReset: href.startsWith('?') });
        }}
      >
        <PlanZoom key={`${hall.id}-${target?.number ?? ''}`} focus={target?.number}>
          <HallPlan hall={hall} matches={matches} target={target} kept={kept} linkOf={linkOf} />
        </PlanZoom>
        {target && (
          <StandCard
            stand={target}
            hall={hall.name}
            page={card}
            kept={kept}
            closeTo={hallLink(hall, query.q, query.sector)}
          />
        )}
      </div>
      {/* The zoom's buttons come with the scripts: only then does the hint name them. */}
      <p className="plan-hint">{t(hydrated ? 'plan.hint' : 'plan.hintStatic')}</p>
      <ul className="plan-legend" aria-hidden="true">
        <li className="is-taken">{t('plan.legendTaken')}</li>
        <li className="is-free">{t('plan.legendFree')}</li>
        <li className="is-match">{t('plan.legendMatch')}</li>
        <FeatureLegendItems hall={hall} t={t} />
        {hall.stands.some((s) => s.holders.some((id) => kept.includes(id))) && (
          <li className="is-kept">{t('plan.legendKept')}</li>
        )}
      </ul>
    </>
  );
  const status = (
    <p className="result-count" role="status">
      {statusOf(view, query, typed !== null, sectorName, t)}
    </p>
  );

  return (
    <article className="container page plan-page">
      <h1>{t('pages.plan.title', { year })}</h1>
      <p className="lead">{t('pages.plan.lead', { year })}</p>
      {/* Sent to a stand, the visitor sees it first; the search comes after. */}
      {query.stand ? (
        <>
          {status}
          {drawing}
          {search}
        </>
      ) : (
        <>
          {search}
          {status}
          {drawing}
        </>
      )}
      <section className="stand-list" aria-labelledby="stand-list-title">
        <h2 id="stand-list-title">{t('plan.listTitle', { hall: hall.name })}</h2>
        <ul>
          {hall.stands.map((s) => (
            <li key={s.number} className={matches.has(s.number) ? 'is-match' : undefined}>
              <Link to={standOnPlan(s.number, year)}>{s.number === FORUM_STAND ? t('plan.forumRoom') : s.number}</Link>
              {' — '}
              {s.number === FORUM_STAND ? (
                <Link to={paths.programme}>{t('pages.programme.title')}</Link>
              ) : s.companies.length ? (
                s.companies.map((c, i) => (
                  <span key={c}>
                    {i > 0 && ', '}
                    <Link to={`${paths.annuaire}/${exhibitorSlug(c, s.holders[i]!)}`}>{c}</Link>
                  </span>
                ))
              ) : (
                <span className="stand-free">{t('plan.free')}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <Downloads year={year} />
    </article>
  );
}

/** Scrolls the least for `element` to show whole under the sticky header (its top first, if it can't). */
function showWhole(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  const top = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  if (box.top >= top && box.bottom <= window.innerHeight) return;
  const up = box.top - top - 8;
  window.scrollBy(0, box.top < top ? up : Math.min(box.bottom - window.innerHeight + 8, up));
}

/** The plan's PDF, to download or to open. */
function Downloads({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <p className="download-actions">
      <a className="btn btn-primary" href={downloadUrl('plan', year)} download>
        {t('downloads.plan')}
      </a>
      <a href={fileUrl('plan', year)}>{t('downloads.open')}</a>
    </p>
  );
}

/**
 * What the page says of the search sent (not while another is being typed), or else of the stand
 * it was opened on.
 */
function statusOf(
  { total, hall, target }: PlanView,
  query: PlanQuery,
  typing: boolean,
  sector: string | undefined,
  t: TFunction,
): string {
  const searched = [query.q, sector].filter(Boolean).join(' · ');
  if (searched && !typing)
    return total ? t('plan.matches', { count: total, q: searched }) : t('plan.noMatch', { q: searched });
  if (!query.stand) return '';
  return target
    ? t('plan.target', { number: target, hall: hall!.name })
    : t('plan.targetMissing', { number: query.stand });
}
