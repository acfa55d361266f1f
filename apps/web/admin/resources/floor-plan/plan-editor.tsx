import type { adminHallSchema, adminStandSchema, Answer } from '@salon/shared';
import { Alert, Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { layoutErrors, standLineMessage, standSchema, type Box as Rect, type PlanHall } from '@salon/shared';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, Title, useGetList, useLocale, useTranslate, useUpdate } from 'react-admin';
import { adminErrorMessage } from '../../components/use-admin-call';
import { EditionPicker } from '../../components/editions';

type HallRecord = Answer<typeof adminHallSchema>;
type StandRecord = Answer<typeof adminStandSchema>;

/** A stand being moved or resized: where it started, where it is, and from which pointer. */
interface Drag {
  id: number;
  mode: 'move' | 'resize';
  from: { x: number; y: number };
  start: Rect;
  box: Rect;
}

/** What the status line says: the last change saved, or why it was refused. */
type Status = { severity: 'success' | 'error'; text: string } | null;

const WHOLE_HALL = { page: 1, perPage: 5000 };

/**
 * The hall drawn as the public plan draws it, each stand moved by dragging it and resized by its
 * corner handle, or with the keyboard: arrows move the stand in focus by one unit, Shift + arrows
 * resize it. A change is checked here with the server's own rules (shared layoutErrors: inside
 * the hall, no overlap), then saved at once; the server checks it again and a refusal puts the
 * stand back. The stands' form and the CSV import stay for numbers and whole halls.
 */
export function PlanEditorPage() {
  const translate = useTranslate();
  const lang = useLocale() === 'en' ? 'en' : 'fr';
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
  const { data: stands, refetch } = useGetList<StandRecord>(
    'stands',
    { filter: { gateId: hall?.id, ...inEdition }, pagination: WHOLE_HALL, sort: { field: 'number', order: 'ASC' } },
    { enabled: hall !== undefined },
  );
  const [update] = useUpdate<StandRecord>();
  const [drag, setDrag] = useState<Drag | null>(null);
  // Saved but not yet read back: shown where they were put.
  const [saving, setSaving] = useState<Map<number, Rect>>(new Map());
  const [status, setStatus] = useState<Status>(null);
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
  const list = (stands ?? []).filter((s) => s.gateId === hall.id);
  const boxOf = (s: StandRecord): Rect => (drag?.id === s.id ? drag.box : (saving.get(s.id) ?? s));

  /** Why `box` cannot be where it is, by the rules the server applies; null when it can. */
  function refusal(stand: StandRecord | undefined, box: Rect): string | null {
    if (!stand) return null;
    const form = standSchema.safeParse({ gateId: hall!.id, number: stand.number, ...box });
    if (!form.success) return translate(form.error.issues[0]!.message);
    const others = list.filter((s) => s.id !== stand.id).map((s) => ({ ...s, ...boxOf(s) }));
    const [error] = layoutErrors([{ ...stand, ...box, gateId: hall!.id }], [hall as PlanHall], others);
    return error ? standLineMessage(error, lang) : null;
  }

  function save(stand: StandRecord, box: Rect) {
    if (box.x === stand.x && box.y === stand.y && box.width === stand.width && box.height === stand.height) return;
    const why = refusal(stand, box);
    if (why) return setStatus({ severity: 'error', text: why });
    setSaving((m) => new Map(m).set(stand.id, box));
    const done = () =>
      setSaving((m) => {
        const next = new Map(m);
        next.delete(stand.id);
        return next;
      });
    void update(
      'stands',
      { id: stand.id, data: box, previousData: stand },
      {
        mutationMode: 'pessimistic',
        // Said saved once read back: until then the stand takes no other move (a key pressed
        // between the two was lost while the status already said it was saved).
        onSuccess: () =>
          void refetch().then(() => {
            done();
            setStatus({
              severity: 'success',
              text: translate('admin.floorPlan.saved', { number: stand.number, ...box }),
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

  function startDrag(event: PointerEvent, stand: StandRecord, mode: Drag['mode']) {
    if (event.button !== 0 || saving.has(stand.id)) return;
    event.preventDefault();
    event.stopPropagation();
    svg.current?.setPointerCapture(event.pointerId);
    const start = boxOf(stand);
    setDrag({ id: stand.id, mode, from: unitsAt(event), start, box: start });
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
    const stand = list.find((s) => s.id === drag.id);
    setDrag(null);
    if (stand) save(stand, drag.box);
  }

  function onKey(event: KeyboardEvent, stand: StandRecord) {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step || saving.has(stand.id)) return;
    event.preventDefault();
    const [dx, dy] = step as [number, number];
    const box = boxOf(stand);
    save(
      stand,
      event.shiftKey
        ? { ...box, width: box.width + dx, height: box.height + dy }
        : { ...box, x: box.x + dx, y: box.y + dy },
    );
  }

  const margin = Math.max(width, height) * 0.02;
  const handle = Math.max(width, height) * 0.015;
  const invalid = drag
    ? refusal(
        list.find((s) => s.id === drag.id),
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
        <Box role="status" sx={{ minHeight: 56, my: 1 }}>
          {(invalid || status) && (
            <Alert role="none" severity={invalid ? 'warning' : status!.severity}>
              {invalid ?? status!.text}
            </Alert>
          )}
        </Box>
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
          {/* The stand being dragged is drawn last, over the others. */}
          {[...list.filter((s) => s.id !== drag?.id), ...list.filter((s) => s.id === drag?.id)].map((s) => {
            const box = boxOf(s);
            const active = drag?.id === s.id;
            const size = Math.min(box.height / 3, box.width / 4.5, 1.6);
            return (
              <g
                key={s.id}
                data-stand={s.number}
                tabIndex={0}
                role="button"
                aria-label={translate('admin.floorPlan.standLabel', {
                  number: s.number,
                  exhibitor: s.exhibitor ?? translate('admin.floorPlan.free'),
                  ...box,
                })}
                onKeyDown={(e) => onKey(e, s)}
                className="plan-editor-stand"
              >
                <rect
                  {...box}
                  fill={s.exhibitor ? '#dbe7f5' : '#fff'}
                  stroke={active ? (invalid ? '#b3261e' : '#9c4f04') : '#1c3f6e'}
                  strokeWidth={active ? 0.4 : 0.15}
                  style={{ cursor: saving.has(s.id) ? 'progress' : 'move' }}
                  onPointerDown={(e) => startDrag(e, s, 'move')}
                />
                <text
                  x={box.x + box.width / 2}
                  y={box.y + box.height / 2}
                  fontSize={size}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fill="#1d2430"
                  pointerEvents="none"
                >
                  {s.number}
                </text>
                <rect
                  className="plan-editor-handle"
                  x={box.x + box.width - handle}
                  y={box.y + box.height - handle}
                  width={handle}
                  height={handle}
                  fill="#9c4f04"
                  style={{ cursor: 'nwse-resize' }}
                  onPointerDown={(e) => startDrag(e, s, 'resize')}
                />
              </g>
            );
          })}
        </svg>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link to="/stands">{translate('admin.floorPlan.toList')}</Link>
        </Typography>
      </CardContent>
    </Card>
  );
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), Math.max(min, max));
