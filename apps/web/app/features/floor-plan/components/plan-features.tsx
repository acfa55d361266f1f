import { FORUM_STAND, type FeatureKind, type PlanHallLayout } from '@salon/shared';
import type { TFunction } from 'i18next';

type Feature = PlanHallLayout['features'][number];

/**
 * Each service's and entrance's mark, drawn in a 24 × 24 box: a symbol in a circle, no emoji, the
 * same on the plan and in its legend.
 */
const GLYPHS: Partial<Record<FeatureKind, React.ReactNode>> = {
  entrance: <path d="M11 6h6v12h-6M5 12h8M10 9l3 3-3 3" />,
  reception: <path d="M12 7.5v.5M12 11v6.5" />,
  // Two figures side by side, as on the doors.
  toilets: <path d="M8.5 6.5v.5M15.5 6.5v.5M8.5 10v8M6.5 10.5h4M15.5 10l-2.5 5h5zM15.5 15v3" />,
  cafe: <path d="M6 9h10v4a4 4 0 0 1-4 4h-2a4 4 0 0 1-4-4zM16 10.5h1.5a2 2 0 0 1 0 4H16" />,
  'first-aid': <path d="M12 6.5v11M6.5 12h11" />,
};

/** A feature's mark in its 24 × 24 box. */
export function FeatureGlyph({ kind }: { kind: FeatureKind }) {
  if (kind === 'aisle') return <rect className="glyph-aisle" x={1} y={8} width={22} height={8} />;
  if (kind === 'forum') return <rect className="glyph-forum" x={2} y={5} width={20} height={14} />;
  return (
    <>
      <circle className="glyph-circle" cx={12} cy={12} r={11} />
      {GLYPHS[kind]}
    </>
  );
}

/** The kinds the hall shows, in the legend's order; a stand numbered FORUM counts as the forum's room. */
export function featureKindsOf(hall: PlanHallLayout): FeatureKind[] {
  const kinds = new Set(hall.features.map((f) => f.kind));
  if (hall.stands.some((s) => s.number === FORUM_STAND)) kinds.add('forum');
  return (['entrance', 'aisle', 'reception', 'toilets', 'cafe', 'first-aid', 'forum'] as const).filter((k) =>
    kinds.has(k),
  );
}

/** The legend's items for the hall's features, each with its mark (inside the page's `.plan-legend`). */
export function FeatureLegendItems({ hall, t }: { hall: PlanHallLayout; t: TFunction }) {
  return featureKindsOf(hall).map((kind) => (
    <li key={kind} className={`is-feature is-${kind}`}>
      <svg viewBox="0 0 24 24" className={`plan-feature is-${kind}`} aria-hidden="true" focusable="false">
        <FeatureGlyph kind={kind} />
      </svg>
      {t(`plan.feature.${kind}`)}
    </li>
  ));
}

/**
 * What the hall holds besides stands, drawn under them: aisles as light strips, the forum's room
 * with its name, services and entrances as a mark in the middle of their place. Each reads out
 * what it is.
 */
export function PlanFeatures({ hall, t }: { hall: PlanHallLayout; t: TFunction }) {
  // Aisles first, under the marks that may sit on them.
  const features = [...hall.features].sort((a, b) => Number(b.kind === 'aisle') - Number(a.kind === 'aisle'));
  const most = Math.max(hall.width, hall.height) * 0.05;
  return (
    <g className="plan-features">
      {features.map((f, i) => (
        <PlanFeature key={i} feature={f} most={most} t={t} />
      ))}
    </g>
  );
}

function PlanFeature({ feature: f, most, t }: { feature: Feature; most: number; t: TFunction }) {
  const name = t(`plan.feature.${f.kind}`);
  const label = f.label && f.label !== name ? t('plan.featureNamed', { name, label: f.label }) : name;
  const cx = f.x + f.width / 2;
  const cy = f.y + f.height / 2;
  if (f.kind === 'aisle') {
    return (
      <rect className="plan-aisle" x={f.x} y={f.y} width={f.width} height={f.height} role="img" aria-label={label} />
    );
  }
  if (f.kind === 'forum') {
    const text = f.label ?? name;
    const size = Math.min(f.height / 3.2, (f.width * 0.9) / (text.length * 0.56), 1.6);
    return (
      <g className="plan-feature is-forum" role="img" aria-label={label}>
        <rect x={f.x} y={f.y} width={f.width} height={f.height} />
        <text x={cx} y={cy} fontSize={round(size)}>
          {text}
        </text>
      </g>
    );
  }
  const size = Math.min(f.width, f.height, most) * 0.9;
  return (
    <g className={`plan-feature is-${f.kind}`} role="img" aria-label={label}>
      <rect className="plan-feature-place" x={f.x} y={f.y} width={f.width} height={f.height} />
      <svg
        x={round(cx - size / 2)}
        y={round(cy - size / 2)}
        width={round(size)}
        height={round(size)}
        viewBox="0 0 24 24"
      >
        <FeatureGlyph kind={f.kind} />
      </svg>
    </g>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;
