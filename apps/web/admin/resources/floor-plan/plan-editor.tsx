import { asLanguage, type adminHallSchema, type Answer, type FeatureKind } from '@salon/shared';
import { Alert, Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { FEATURE_NAMES, type Box as Rect } from '@salon/shared';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, Title, useCreate, useDelete, useGetList, useLocale, useTranslate, useUpdate } from 'react-admin';
import { adminErrorMessage } from '../../components/use-admin-call';
import { EditionPicker } from '../../components/editions';
import { AddFeature, EditorLegend, PieceShape, type FeatureRecord, type Piece, type StandRecord } from './editor-parts';
import { freeSpot, pieceRefusal } from './editor-checks';

type HallRecord = Answer<typeof adminHallSchema>;

/** A piece being moved or resized: where it started, where it is, and from which pointer. */
interface Drag {
  key: string;
  mode: 'move' | 'resize';
  from: { x: number; y: number };
  start: Rect;
  box: Rect;
}

/** What the status line says: the last change saved, or why it was refused. */
type Status = { severity: 'success' | 'error'; text: string } | null;

const WHOLE_HALL = { page: 1, perPage: 5000 };

/**
 * The hall drawn as the public plan draws it, each stand (with who holds it) and each feature
 * (entrance, aisle, service, the forum's room) moved by dragging it and resized by its corner
 * handle, or with the keyboard: arrows move the piece in focus by one unit, Shift + arrows resize
 * it, Delete removes a feature. A change is checked here with the server's own rules (shared
 * layoutErrors and featureErrors), then saved at once; the server checks it again and a refusal
 * puts the piece back. The stands' form and the CSV import stay for numbers and whole halls.
 */
export function PlanEditorPage() {
  const translate = useTranslate();
  const lang = asLanguage(useLocale());
  // The current edition's plan (empty), or the next one's prepared before it is current.
  const [edition, setEdition] = useState<number | ''>('');
  const inEdition = edition === '' ? {} : { edition };
  const { data: allHalls } = useGetList<HallRecord>('gates', {
    filter: inEdition,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'position', order: 'ASC' },
  });
  const halls = (allHalls ?? []).filter((h) => h.planWidth && h.planHeight);
  const [hallId, setHallId] = useState<number>();
  const hall = halls.find((h) => h.id === hallId) ?? halls[0];
  const inHall = { filter: { gateId: hall?.id, ...inEdition }, pagination: WHOLE_HALL };
  const { data: stands, refetch: refetchStands } = useGetList<StandRecord>(
    'stands',
    { ...inHall, sort: { field: 'number', order: 'ASC' } },
    { enabled: hall !== undefined },
  );
  const { data: features, refetch: refetchFeatures } = useGetList<FeatureRecord>(
    'plan-features',
    { ...inHall, sort: { field: 'id', order: 'ASC' } },
    { enabled: hall !== undefined },
  );
  const refetch = () => Promise.all([refetchStands(), refetchFeatures()]);
  const [update] = useUpdate();
  const [create] = useCreate();
  const [remove] = useDelete();
  const [drag, setDrag] = useState<Drag | null>(null);
  // Saved but not yet read back: shown where they were put.
  const [saving, setSaving] = useState<Map<string, Rect>>(new Map());
  const [status, setStatus] = useState<Status>(null);
  // The piece last focused: a feature there can be removed with the button.
  const [selected, setSelected] = useState<string | null>(null);
  const svg = useRef<SVGSVGElement>(null);

  const picker = (
    <EditionPicker
      label="admin.floorPlan.edition"
      value={edition}
      onChange={(id) => {
        setEdition(id);
        setHallId(undefined);
        setStatus(null);
      }}
    />
  );
  if (allHalls && !hall) {
    return (
      <Card>
        <Title title="admin.floorPlan.editorTitle" />
        <CardContent>
          {picker}
          <Alert severity="info">{translate('admin.floorPlan.noHall')}</Alert>
        </CardContent>
      </Card>
    );
  }
  if (!hall) return null;
  const width = hall.planWidth!;
  const height = hall.planHeight!;
  // Features first: drawn under the stands, as on the public plan.
  const list: Piece[] = [
    ...(features ?? [])
      .filter((f) => f.gateId === hall.id)
      .map((record) => ({ key: `f${record.id}`, resource: 'plan-features' as const, record })),
    ...(stands ?? [])
      .filter((s) => s.gateId === hall.id)
      .map((record) => ({ key: `s${record.id}`, resource: 'stands' as const, record })),
  ];
  const boxOf = (p: Piece): Rect => (drag?.key === p.key ? drag.box : (saving.get(p.key) ?? p.record));
  const nameOf = (p: Piece) =>
    p.resource === 'stands' ? p.record.number : (p.record.label ?? FEATURE_NAMES[lang][p.record.kind]);

  /** Why `box` cannot be where it is, by the rules the server applies; null when it can. */
  const refusal = (piece: Piece | undefined, box: Rect): string | null =>
    piece ? pieceRefusal(piece, box, hall, list, boxOf, lang, translate) : null;

  function save(piece: Piece, box: Rect) {
    const before = piece.record;
    if (box.x === before.x && box.y === before.y && box.width === before.width && box.height === before.height) return;
    const why = refusal(piece, box);
    if (why) return setStatus({ severity: 'error', text: why });
    setSaving((m) => new Map(m).set(piece.key, box));
    const done = () =>
      setSaving((m) => {
        const next = new Map(m);
        next.delete(piece.key);
        return next;
      });
    void update(
      piece.resource,
      { id: before.id, data: box, previousData: before },
      {
        mutationMode: 'pessimistic',
        // Said saved once read back: until then the stand takes no other move (a key pressed
        // between the two was lost while the status already said it was saved).
        onSuccess: () =>
          void refetch().then(() => {
            done();
            setStatus({
              severity: 'success',
              text: translate(piece.resource === 'stands' ? 'admin.floorPlan.saved' : 'admin.floorPlan.featureSaved', {
                number: nameOf(piece),
                ...box,
              }),
            });
          }),
        onError: (error) => {
          done();
          setStatus({ severity: 'error', text: translate(adminErrorMessage(error), { _: adminErrorMessage(error) }) });
        },
      },
    );
  }

  /** The pointer's place in the hall's units. */
  function unitsAt(event: PointerEvent) {
    const matrix = svg.current?.getScreenCTM()?.inverse();
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    return { x: point.x, y: point.y };
  }

  function startDrag(event: PointerEvent, piece: Piece, mode: Drag['mode']) {
    if (event.button !== 0 || saving.has(piece.key)) return;
    event.preventDefault();
    event.stopPropagation();
    svg.current?.setPointerCapture(event.pointerId);
    const start = boxOf(piece);
    setDrag({ key: piece.key, mode, from: unitsAt(event), start, box: start });
  }

  function moveDrag(event: PointerEvent) {
    if (!drag) return;
    const at = unitsAt(event);
    const dx = Math.round(at.x - drag.from.x);
    const dy = Math.round(at.y - drag.from.y);
    const { start } = drag;
    const box =
      drag.mode === 'move'
        ? {
            ...start,
            x: clamp(start.x + dx, 0, width - start.width),
            y: clamp(start.y + dy, 0, height - start.height),
          }
        : {
            ...start,
            width: clamp(start.width + dx, 1, width - start.x),
            height: clamp(start.height + dy, 1, height - start.y),
          };
    setDrag({ ...drag, box });
  }

  function endDrag() {
    if (!drag) return;
    const piece = list.find((p) => p.key === drag.key);
    setDrag(null);
    if (piece) save(piece, drag.box);
  }

  function onKey(event: KeyboardEvent, piece: Piece) {
    if (event.key === 'Delete' && piece.resource === 'plan-features') return removeFeature(piece.record);
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step || saving.has(piece.key)) return;
    event.preventDefault();
    const [dx, dy] = step as [number, number];
    const box = boxOf(piece);
    save(
      piece,
      event.shiftKey
        ? { ...box, width: box.width + dx, height: box.height + dy }
        : { ...box, x: box.x + dx, y: box.y + dy },
    );
  }

  const failed = (error: unknown) =>
    setStatus({ severity: 'error', text: translate(adminErrorMessage(error), { _: adminErrorMessage(error) }) });

  /** A new feature of `kind`, where it fits (a tenth of the hall's smaller side, square). */
  function addFeature(kind: FeatureKind, label: string) {
    const side = Math.max(1, Math.round(Math.min(width, height) / 10));
    const spot = freeSpot({ kind, side }, hall!, list, boxOf);
    if (!spot) return setStatus({ severity: 'error', text: translate('admin.floorPlan.noRoom') });
    const data = { gateId: hall!.id, kind, label: label.trim() || null, ...spot };
    void create(
      'plan-features',
      { data },
      {
        onSuccess: () =>
          void refetch().then(() =>
            setStatus({
              severity: 'success',
              text: translate('admin.floorPlan.added', { name: label.trim() || FEATURE_NAMES[lang][kind], ...spot }),
            }),
          ),
        onError: failed,
      },
    );
  }

  function removeFeature(feature: FeatureRecord) {
    void remove(
      'plan-features',
      { id: feature.id, previousData: feature },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          void refetch().then(() => {
            setSelected(null);
            setStatus({
              severity: 'success',
              text: translate('admin.floorPlan.removed', { name: feature.label ?? FEATURE_NAMES[lang][feature.kind] }),
            });
          }),
        onError: failed,
      },
    );
  }

  const chosen = list.find((p) => p.key === selected);
  const margin = Math.max(width, height) * 0.02;
  const handle = Math.max(width, height) * 0.015;
  const invalid = drag
    ? refusal(
        list.find((p) => p.key === drag.key),
        drag.box,
      )
    : null;
  return (
    <Card>
      <Title title="admin.floorPlan.editorTitle" />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('admin.floorPlan.editorIntro')}
        </Typography>
        {picker}
        <Tabs
          value={hall.id}
          onChange={(_, id: number) => {
            setHallId(id);
            setStatus(null);
          }}
          variant="scrollable"
          aria-label={translate('admin.floorPlan.halls')}
        >
          {halls.map((h) => (
            <Tab key={h.id} value={h.id} label={h.name} />
          ))}
        </Tabs>
        <AddFeature lang={lang} onAdd={addFeature} />
        {chosen?.resource === 'plan-features' && (
          <Button color="error" size="small" onClick={() => removeFeature(chosen.record)}>
            {translate('admin.floorPlan.removeFeature', { name: nameOf(chosen) })}
          </Button>
        )}
        <Box role="status" sx={{ minHeight: 56, my: 1 }}>
          {(invalid || status) && (
            <Alert role="none" severity={invalid ? 'warning' : status!.severity}>
              {invalid ?? status!.text}
            </Alert>
          )}
        </Box>
        {/* The browser's focus ring, drawn around a piece in the drawing's scale, was a huge black
            oval: the piece in focus gets a thicker outline of its own instead. */}
        <Box
          sx={{
            '& .plan-editor-stand': { outline: 'none' },
            '& .plan-editor-stand:focus-visible > rect:first-of-type': { stroke: '#0b57d0', strokeWidth: 0.5 },
          }}
        >
          <svg
            ref={svg}
            className="plan-editor"
            viewBox={`${-margin} ${-margin} ${width + 2 * margin} ${height + 2 * margin}`}
            role="group"
            aria-label={translate('admin.floorPlan.drawing', { hall: hall.name, width, height })}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={() => setDrag(null)}
            style={{ width: '100%', maxHeight: '70vh', touchAction: 'none', userSelect: 'none' }}
          >
            <rect width={width} height={height} fill="#f9fafb" stroke="#5b6675" strokeWidth={0.2} />
            {/* The piece being dragged is drawn last, over the others. */}
            {[...list.filter((p) => p.key !== drag?.key), ...list.filter((p) => p.key === drag?.key)].map((p) => {
              const box = boxOf(p);
              const label =
                p.resource === 'stands'
                  ? translate('admin.floorPlan.standLabel', {
                      // The box is the record itself when still: its null `exhibitor` goes first.
                      ...box,
                      number: p.record.number,
                      exhibitor: p.record.exhibitor ?? translate('admin.floorPlan.free'),
                    })
                  : translate('admin.floorPlan.featureLabel', {
                      ...box,
                      name: nameOf(p),
                      kind: FEATURE_NAMES[lang][p.record.kind],
                    });
              return (
                <PieceShape
                  key={p.key}
                  lang={lang}
                  piece={p}
                  box={box}
                  handle={handle}
                  active={drag?.key === p.key}
                  invalid={drag?.key === p.key && !!invalid}
                  busy={saving.has(p.key)}
                  label={label}
                  onMove={(e) => startDrag(e, p, 'move')}
                  onResize={(e) => startDrag(e, p, 'resize')}
                  onKey={(e) => onKey(e, p)}
                  onFocus={() => setSelected(p.key)}
                />
              );
            })}
          </svg>
        </Box>
        <EditorLegend lang={lang} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link to="/stands">{translate('admin.floorPlan.toList')}</Link>
        </Typography>
      </CardContent>
    </Card>
  );
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), Math.max(min, max));
