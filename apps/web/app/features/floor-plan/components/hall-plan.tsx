import { FORUM_STAND, type PlanHallLayout, type PlanStand } from '@salon/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { planViewBox, standLabels } from '../plan-view';
import { PlanFeatures } from './plan-features';

/**
 * One hall drawn in SVG, in its own units: the server sends it whole, so the plan shows and its
 * links work without scripts. A taken stand links to its card on the plan, then to its exhibitor's
 * page; a free one can still be reached with the keyboard, and every stand reads out its number
 * and company. A stand of 'Ma visite' carries a star.
 */
export function HallPlan({
  hall,
  matches,
  target,
  kept,
  linkOf,
}: {
  hall: PlanHallLayout;
  matches: Set<string>;
  target: PlanStand | undefined;
  /** The exhibitors of 'Ma visite': their stands carry a star. */
  kept: number[];
  /** Where a tap on a taken stand leads: its card on the plan, or its page once it is open. */
  linkOf: (stand: PlanStand) => string;
}) {
  const { t } = useTranslation();
  const box = planViewBox(hall);
  return (
    <svg
      className="hall-plan"
      viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
      role="group"
      aria-label={t('plan.drawing', { hall: hall.name })}
      data-hall={hall.id}
    >
      <rect className="hall-outline" x={0} y={0} width={hall.width} height={hall.height} />
      <PlanFeatures hall={hall} t={t} />
      {hall.stands.map((stand) => (
        <Stand
          key={stand.number}
          stand={stand}
          match={matches.has(stand.number)}
          target={stand === target}
          kept={stand.holders.some((id) => kept.includes(id))}
          href={linkOf(stand)}
          t={t}
        />
      ))}
    </svg>
  );
}

/** A stand; `t` comes from the hall, as a hook in each of hundreds of stands slowed the page's rendering. */
function Stand({
  stand,
  match,
  target,
  kept,
  href,
  t,
}: {
  stand: PlanStand;
  match: boolean;
  target: boolean;
  kept: boolean;
  href: string;
  t: TFunction;
}) {
  const forum = stand.number === FORUM_STAND;
  const { numberSize, nameSize, name } = standLabels(
    forum ? { ...stand, number: t('plan.forumRoom'), companies: [] } : stand,
  );
  const taken = stand.companies.length > 0;
  const cx = stand.x + stand.width / 2;
  const cy = stand.y + stand.height / 2;
  const className = [
    'stand',
    forum ? 'is-forum' : taken ? 'is-taken' : 'is-free',
    match && 'is-match',
    target && 'is-target',
    kept && 'is-kept',
  ]
    .filter(Boolean)
    .join(' ');
  const label = forum
    ? t('plan.forumRoom')
    : taken
      ? t('plan.standTaken', { number: stand.number, companies: stand.companies.join(', ') })
      : t('plan.standFree', { number: stand.number });
  const shape = (
    <>
      <rect x={stand.x} y={stand.y} width={stand.width} height={stand.height} />
      <text className="stand-number" x={cx} y={round(name ? cy - nameSize * 0.55 : cy)} fontSize={round(numberSize)}>
        {forum ? t('plan.forumRoom') : stand.number}
      </text>
      {name && (
        <text className="stand-name" x={cx} y={round(cy + numberSize * 0.6)} fontSize={round(nameSize)}>
          {name}
        </text>
      )}
      {kept && (
        <text
          className="stand-kept"
          x={round(stand.x + stand.width - numberSize * 0.6)}
          y={round(stand.y + numberSize * 0.6)}
          fontSize={round(numberSize)}
        >
          ★
        </text>
      )}
    </>
  );
  if (taken || forum) {
    return (
      <a
        href={forum ? paths.programme : href}
        className={className}
        aria-label={kept ? `${label} — ${t('visit.kept')}` : label}
        data-stand={stand.number}
      >
        {shape}
      </a>
    );
  }
  return (
    <g className={className} tabIndex={0} role="img" aria-label={label} data-stand={stand.number}>
      {shape}
    </g>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;
