import type { TFunction } from 'i18next';
import type { KeyboardEvent } from 'react';
import type { StandOffer } from '../api';

type Hall = StandOffer['halls'][number];
type Stand = StandOffer['stands'][number];

/**
 * One hall drawn with its stands for sale: a free stand is a button that picks it or puts it
 * back, a held one says it is under option, a sold one names its exhibitors as the plan does.
 */
export function SalePlan({
  hall,
  stands,
  picked,
  onToggle,
  t,
}: {
  hall: Hall;
  stands: Stand[];
  picked: Set<string>;
  onToggle: (number: string) => void;
  t: TFunction;
}) {
  // The hall's outline with a little room around it; the smallest side decides the labels' size.
  const pad = Math.max(hall.width, hall.height) * 0.02;
  return (
    <svg
      className="sale-plan"
      viewBox={`${-pad} ${-pad} ${hall.width + 2 * pad} ${hall.height + 2 * pad}`}
      role="group"
      aria-label={t('standSale.planLabel', { hall: hall.name })}
    >
      <rect className="hall-outline" x={0} y={0} width={hall.width} height={hall.height} />
      {stands.map((stand) => {
        const isPicked = picked.has(stand.number);
        const size = Math.min(stand.width, stand.height) * 0.32;
        const label =
          stand.state === 'sold'
            ? t('standSale.standSold', { number: stand.number, companies: stand.companies.join(', ') })
            : stand.state === 'held'
              ? t('standSale.standHeld', { number: stand.number })
              : t('standSale.standFree', { number: stand.number, area: stand.area });
        // A sold stand names its first exhibitor under its number, cut to what the stand's width holds.
        const name = stand.state === 'sold' ? stand.companies[0] : undefined;
        const nameSize = size * 0.55;
        const fits = Math.max(3, Math.floor(stand.width / (nameSize * 0.6)));
        const cy = stand.y + stand.height / 2;
        const shape = (
          <>
            <rect x={stand.x} y={stand.y} width={stand.width} height={stand.height} />
            <text x={stand.x + stand.width / 2} y={round(name ? cy - size * 0.35 : cy)} fontSize={round(size)}>
              {stand.number}
            </text>
            {name && (
              <text
                className="sale-stand-name"
                x={stand.x + stand.width / 2}
                y={round(cy + size * 0.55)}
                fontSize={round(nameSize)}
              >
                {name.length > fits ? `${name.slice(0, fits - 1)}…` : name}
              </text>
            )}
          </>
        );
        if (stand.state !== 'free')
          return (
            <g
              key={stand.number}
              className={`sale-stand is-${stand.state}`}
              role="img"
              aria-label={label}
              data-stand={stand.number}
            >
              <title>{label}</title>
              {shape}
            </g>
          );
        const toggle = () => onToggle(stand.number);
        const onKeyDown = (e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            toggle();
          }
        };
        return (
          <g
            key={stand.number}
            className={`sale-stand is-free${isPicked ? ' is-picked' : ''}`}
            role="button"
            tabIndex={0}
            aria-pressed={isPicked}
            aria-label={label}
            data-stand={stand.number}
            onClick={toggle}
            onKeyDown={onKeyDown}
          >
            <title>{label}</title>
            {shape}
          </g>
        );
      })}
    </svg>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;
