import type { PanzoomObject } from '@panzoom/panzoom';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Pinch and drag to zoom and pan the plan on a phone (ctrl + wheel, or a trackpad's pinch, on a
 * computer), with buttons for those who cannot pinch. Loaded once the page has its scripts: the
 * plan is whole before (on a phone, wider than the screen and scrolled across: its names read).
 * `focus` (a stand's number) opens centred on it, and
 * 'Recentrer' goes back there. The page keys this by hall and stand, so another starts anew.
 */
export function PlanZoom({
  children,
  focus,
}: {
  children: ReactNode;
  /** The number of the stand to open on (its `data-stand`). */
  focus?: string;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<PanzoomObject>();

  useEffect(() => {
    // Panzoom moves an HTML element: the drawing's own box, inside the frame that clips it.
    const element = frame.current?.firstElementChild as HTMLElement | null | undefined;
    if (!element) return;
    let panzoom: PanzoomObject | undefined;
    let cancelled = false;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) panzoom?.zoomWithWheel(event);
    };
    void import('@panzoom/panzoom').then(({ default: Panzoom }) => {
      if (cancelled) return;
      const frameBox = element.parentElement;
      // On a phone the frame scrolled across the hall before the scripts: Panzoom starts there.
      const scrolled =
        frameBox && (frameBox.scrollLeft || frameBox.scrollTop)
          ? { startScale: 1, startX: -frameBox.scrollLeft, startY: -frameBox.scrollTop }
          : undefined;
      frameBox?.classList.add('is-zooming');
      frameBox?.scrollTo(0, 0);
      const start = (focus ? centredOn(element, focus) : undefined) ?? scrolled;
      // Panzoom zooms to startScale in the next frame, but pans to startX/Y in a timer, which
      // may run first: it then bounds the pan ('contain') by the drawing's size as if already
      // zoomed while it is not, and the plan opened on the hall's top left corner instead of the
      // stand, now and then. Drawn at the start from the outset, the drawing has the
      // size Panzoom expects whichever comes first.
      if (start) element.style.transform = startTransform(start);
      panzoom = Panzoom(element, {
        minScale: 1,
        maxScale: 8,
        step: 0.5,
        contain: 'outside',
        cursor: 'grab',
        ...start,
      });
      element.parentElement?.addEventListener('wheel', onWheel, { passive: false });
      setZoom(panzoom);
    });
    return () => {
      cancelled = true;
      element.parentElement?.removeEventListener('wheel', onWheel);
      element.parentElement?.classList.remove('is-zooming');
      panzoom?.destroy();
      setZoom(undefined);
    };
    // Set up once: the page gives this a key of its hall and stand, so another one starts anew.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // The page waits for an interaction to start its scripts (READING_PAGES); a visitor sent to a
  // stand should see it zoomed at once, so then the frame asks for them as soon as it is on screen.
  return (
    <div className={`plan-zoom${zoom ? ' is-zooming' : ''}`} ref={frame} data-needs-scripts={focus ? '' : undefined}>
      <div className="plan-canvas">{children}</div>
      {zoom && (
        <div className="plan-zoom-buttons">
          <button type="button" className="btn" onClick={() => zoom.zoomIn()} aria-label={t('plan.zoomIn')}>
            +
          </button>
          <button type="button" className="btn" onClick={() => zoom.zoomOut()} aria-label={t('plan.zoomOut')}>
            −
          </button>
          <button type="button" className="btn" onClick={() => zoom.reset()}>
            {t('plan.zoomReset')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The transform Panzoom draws for a scale and a pan (its own setTransform), about the element's centre. */
function startTransform({ startScale, startX, startY }: { startScale: number; startX: number; startY: number }) {
  return `scale(${startScale}) translate(${startX}px, ${startY}px)`;
}

/**
 * Where Panzoom starts for the stand `number` to be in the middle of the frame, about a fifth of
 * its width. Panzoom draws scale(s) translate(t) about the element's centre o, so a point p shows
 * at o + s·(p − o + t): for p to show at the frame's middle f, t = (f − o)/s + o − p.
 */
function centredOn(element: HTMLElement, number: string) {
  const stand = element.querySelector(`[data-stand="${CSS.escape(number)}"]`);
  if (!stand || !element.parentElement) return undefined;
  const box = element.getBoundingClientRect();
  const frame = element.parentElement.getBoundingClientRect();
  const target = stand.getBoundingClientRect();
  // A fifth of the frame (of the drawing on a computer; on a phone the drawing is wider than it).
  const scale = Math.min(4, Math.max(1.2, frame.width / 5 / target.width));
  const o = { x: box.width / 2, y: box.height / 2 };
  const f = { x: frame.x - box.x + frame.width / 2, y: frame.y - box.y + frame.height / 2 };
  const p = { x: target.x - box.x + target.width / 2, y: target.y - box.y + target.height / 2 };
  return { startScale: scale, startX: (f.x - o.x) / scale + o.x - p.x, startY: (f.y - o.y) / scale + o.y - p.y };
}
