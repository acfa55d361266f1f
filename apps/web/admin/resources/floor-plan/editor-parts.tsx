import type { adminPlanFeatureSchema, adminStandSchema, Answer, FeatureKind, Language } from '@salon/shared';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { FEATURE_KINDS, FEATURE_LABEL_MAX, FEATURE_NAMES, FORUM_STAND, type Box as Rect } from '@salon/shared';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type SVGProps } from 'react';
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
function piecePaint(piece: Piece, lang: Language, free: string) {
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

/** A letter's average width, in ems, in the back-office's sans-serif: bold for titles, regular for details. */
const LETTER = { bold: 0.62, regular: 0.56 };

/**
 * A label fitted to a piece `width` wide: at `size` when it fits, otherwise smaller (down to
 * `least` of its `size`), then cut with an ellipsis. The drawing clips what an estimate still lets
 * through.
 */
export function fitLabel(
  text: string,
  width: number,
  size: number,
  letter: number,
  least = 0.5,
): { text: string; size: number } {
  const room = width * 0.9;
  if (text.length * size * letter <= room) return { text, size };
  const smaller = Math.max(size * least, room / (text.length * letter));
  const fits = Math.max(1, Math.floor(room / (smaller * letter) + 1e-9));
  return {
    text: text.length > fits ? `${text.slice(0, Math.max(1, fits - 1)).trimEnd()}…` : text,
    size: smaller,
  };
}

/** A line of a piece's label: what it reads, its size, its middle's height in the piece, bold or not. */
export interface LabelLine {
  text: string;
  size: number;
  y: number;
  bold: boolean;
}

/**
 * A piece's label in a box `width` × `height`: its title in bold and, under it, its detail (who
 * holds a stand, a named feature's kind), names cut with an ellipsis where they are too long. A
 * piece smaller than 3 × 3 shows its title alone, on two lines when that draws it larger ('Entrée'
 * / 'nord' on a 2 × 2 entrance).
 */
export function labelLines(title: string, detail: string, width: number, height: number): LabelLine[] {
  const size = Math.min(height / 3.2, width / 4.5, 1.6);
  if (width * height >= 9 && detail) {
    const top = fitLabel(title, width, size, LETTER.bold);
    // A company's name stays readable: cut sooner than drawn tiny.
    const under = fitLabel(detail, width, size * 0.82, LETTER.regular, 0.75);
    return [
      { ...top, y: height / 2 - size * 0.45, bold: true },
      { ...under, y: height / 2 + size * 0.65, bold: false },
    ];
  }
  const alone = Math.min(height / 2.2, width / 4.5, 1.6);
  const one = fitLabel(title, width, alone, LETTER.bold);
  const space = title.indexOf(' ', Math.floor(title.length / 2) - 1);
  const at = space > 0 ? space : title.lastIndexOf(' ');
  if (one.size < alone && at > 0) {
    const halves = [title.slice(0, at), title.slice(at + 1)];
    const twoSize = Math.min(height / 3.2, ...halves.map((h) => fitLabel(h, width, alone, LETTER.bold).size));
    const two = halves.map((h) => fitLabel(h, width, twoSize, LETTER.bold));
    if (twoSize > one.size && two.every((line) => !line.text.endsWith('…'))) {
      return [
        { ...two[0]!, y: height / 2 - twoSize * 0.55, bold: true },
        { ...two[1]!, y: height / 2 + twoSize * 0.55, bold: true },
      ];
    }
  }
  return [{ ...one, y: height / 2, bold: true }];
}

/**
 * A line of a piece's label, measured once drawn: a font wider than the estimate (fitLabel) is
 * squeezed into the piece's width rather than cut by its edge.
 */
function FittedText({
  room,
  children,
  fontSize,
  ...props
}: SVGProps<SVGTextElement> & { room: number; children: string }) {
  const ref = useRef<SVGTextElement>(null);
  useLayoutEffect(() => {
    const text = ref.current;
    if (!text) return;
    text.removeAttribute('textLength');
    text.removeAttribute('lengthAdjust');
    if (text.getComputedTextLength() > room) {
      text.setAttribute('textLength', String(room));
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
    // Measured again when what it reads, its size or its room change.
  }, [children, fontSize, room]);
  return (
    <text ref={ref} fontSize={fontSize} {...props}>
      {children}
    </text>
  );
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
  lang: Language;
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
  // Drawn in the piece's own box, centred: a nested svg clips what would still overflow it.
  const lines = labelLines(title, detail, box.width, box.height);
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
      {/* No letter-spacing: the page's (MUI's body text, 0.15 px once computed) is inherited as
          0.15 units of the drawing, a tenth of a label's size, which spread its letters apart. */}
      <svg
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        overflow="hidden"
        pointerEvents="none"
        letterSpacing={0}
        fill="#1d2430"
      >
        {lines.map((line, i) => (
          <FittedText
            key={i}
            room={box.width * 0.95}
            x={box.width / 2}
            y={line.y}
            fontSize={line.size}
            fontWeight={line.bold ? 700 : undefined}
            textAnchor="middle"
            dominantBaseline="middle"
          >
            {line.text}
          </FittedText>
        ))}
      </svg>
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
export function EditorLegend({ lang }: { lang: Language }) {
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
export function AddFeature({ lang, onAdd }: { lang: Language; onAdd: (kind: FeatureKind, label: string) => void }) {
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
