import type { adminPlanFeatureSchema, adminStandSchema, Answer, FeatureKind } from '@salon/shared';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { FEATURE_KINDS, FEATURE_LABEL_MAX, FEATURE_NAMES, FORUM_STAND, type Box as Rect } from '@salon/shared';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslate } from 'react-admin';

export type StandRecord = Answer<typeof adminStandSchema>;
export type FeatureRecord = Answer<typeof adminPlanFeatureSchema>;

/** A piece of the drawing: a stand or a feature, moved and resized alike. */
export type Piece =
  | { key: string; resource: 'stands'; record: StandRecord }
  | { key: string; resource: 'plan-features'; record: FeatureRecord };

/** Each kind's colours in the editor and its legend. */
const FEATURE_FILL: Record<FeatureKind, string> = {
  entrance: '#c9d6e8',
  aisle: '#eceff3',
  reception: '#fdf0d5',
  toilets: '#e3ecf9',
  cafe: '#f3e4d7',
  'first-aid': '#f9d9d6',
  forum: '#e6f0e8',
};
const STAND_FILL = { taken: '#dbe7f5', free: '#fff' };

/** What a piece shows: a stand its number and who holds it, a feature its kind or its label. */
function piecePaint(piece: Piece, lang: 'fr' | 'en', free: string) {
  if (piece.resource === 'plan-features') {
    const { kind, label } = piece.record;
    return {
      fill: FEATURE_FILL[kind],
      title: label ?? FEATURE_NAMES[lang][kind],
      detail: label ? FEATURE_NAMES[lang][kind] : '',
    };
  }
  const s = piece.record;
  if (s.number === FORUM_STAND) return { fill: FEATURE_FILL.forum, title: FEATURE_NAMES[lang].forum, detail: s.number };
  return { fill: s.exhibitor ? STAND_FILL.taken : STAND_FILL.free, title: s.number, detail: s.exhibitor ?? free };
}

/** One piece in the SVG, with its resize handle; the page gives it its events. */
export function PieceShape({
  piece,
  box,
  handle,
  active,
  invalid,
  busy,
  label,
  onMove,
  onResize,
  onKey,
  onFocus,
  lang,
}: {
  lang: 'fr' | 'en';
  piece: Piece;
  box: Rect;
  handle: number;
  active: boolean;
  invalid: boolean;
  busy: boolean;
  label: string;
  onMove: (e: PointerEvent) => void;
  onResize: (e: PointerEvent) => void;
  onKey: (e: KeyboardEvent) => void;
  onFocus: () => void;
}) {
  const translate = useTranslate();
  const { fill, title, detail } = piecePaint(piece, lang, translate('admin.floorPlan.free'));
  const aisle = piece.resource === 'plan-features' && piece.record.kind === 'aisle';
  const size = Math.min(box.height / 3.2, box.width / 4.5, 1.6);
  const fits = Math.max(1, Math.floor((box.width * 0.9) / (size * 0.82 * 0.56)));
  const short = detail.length > fits ? `${detail.slice(0, Math.max(1, fits - 1))}…` : detail;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return (
    <g
      data-stand={piece.resource === 'stands' ? piece.record.number : undefined}
      data-feature={piece.resource === 'plan-features' ? piece.record.kind : undefined}
      tabIndex={0}
      role="button"
      aria-label={label}
      onKeyDown={onKey}
      onFocus={onFocus}
      className="plan-editor-stand"
    >
      <rect
        {...box}
        fill={fill}
        stroke={active ? (invalid ? '#b3261e' : '#9c4f04') : aisle ? '#8592a3' : '#1c3f6e'}
        strokeWidth={active ? 0.4 : 0.15}
        strokeDasharray={aisle && !active ? '0.6 0.4' : undefined}
        style={{ cursor: busy ? 'progress' : 'move' }}
        onPointerDown={onMove}
      />
      <text
        x={cx}
        y={detail ? cy - size * 0.45 : cy}
        fontSize={size}
        fontWeight={700}
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#1d2430"
        pointerEvents="none"
      >
        {title}
      </text>
      {detail && (
        <text
          x={cx}
          y={cy + size * 0.65}
          fontSize={size * 0.82}
          textAnchor="middle"
          dominantBaseline="middle"
          fill="#1d2430"
          pointerEvents="none"
        >
          {short}
        </text>
      )}
      <rect
        className="plan-editor-handle"
        x={box.x + box.width - handle}
        y={box.y + box.height - handle}
        width={handle}
        height={handle}
        fill="#9c4f04"
        style={{ cursor: 'nwse-resize' }}
        onPointerDown={onResize}
      />
    </g>
  );
}

/** The drawing's legend: stands taken and free, then each kind of feature. */
export function EditorLegend({ lang }: { lang: 'fr' | 'en' }) {
  const translate = useTranslate();
  const items = [
    { fill: STAND_FILL.taken, name: translate('admin.floorPlan.legendTaken') },
    { fill: STAND_FILL.free, name: translate('admin.floorPlan.legendFree') },
    ...FEATURE_KINDS.map((k) => ({ fill: FEATURE_FILL[k], name: FEATURE_NAMES[lang][k] })),
  ];
  return (
    <Box
      component="ul"
      aria-label={translate('admin.floorPlan.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, mt: 1, listStyle: 'none', fontSize: 14 }}
    >
      {items.map((i) => (
        <li key={i.name}>
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              width: 14,
              height: 14,
              mr: 0.75,
              verticalAlign: -2,
              border: '1px solid #1c3f6e',
              background: i.fill,
            }}
          />
          {i.name}
        </li>
      ))}
    </Box>
  );
}

/** Adds a feature of the chosen kind (and label), placed by the page where it fits. */
export function AddFeature({ lang, onAdd }: { lang: 'fr' | 'en'; onAdd: (kind: FeatureKind, label: string) => void }) {
  const translate = useTranslate();
  const [kind, setKind] = useState<FeatureKind>('entrance');
  const [label, setLabel] = useState('');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      <TextField
        select
        size="small"
        label={translate('admin.floorPlan.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as FeatureKind)}
        sx={{ minWidth: 180 }}
      >
        {FEATURE_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {FEATURE_NAMES[lang][k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={translate('admin.floorPlan.label')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        slotProps={{ htmlInput: { maxLength: FEATURE_LABEL_MAX } }}
      />
      <Button variant="outlined" onClick={() => onAdd(kind, label)}>
        {translate('admin.floorPlan.addFeature')}
      </Button>
    </Box>
  );
}
