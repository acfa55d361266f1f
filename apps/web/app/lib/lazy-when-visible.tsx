import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A part of a page whose code the browser fetches only when it comes near the screen (or is
 * touched): the home page's forms, far below the fold, would otherwise add their validation and
 * form code to every visit. The server renders it as usual; in the browser its HTML stays as
 * served (buttons disabled until then, see use-hydrated) and React hydrates it once the code is
 * there. An address whose fragment is one of `anchors` (ids inside the part, as in
 * /#demande-exposant) loads it at once: the part then brings its anchor into view itself.
 */
export function lazyWhenVisible(
  load: () => Promise<{ default: ComponentType }>,
  anchors: readonly string[] = [],
): () => ReactNode {
  let reveal: () => void = () => undefined;
  const near = typeof document === 'undefined' ? Promise.resolve() : new Promise<void>((r) => (reveal = r));
  const Lazy = lazy(() => near.then(load));
  return function WhenVisible() {
    const box = useRef<HTMLDivElement>(null);
    const anchored = anchors.includes(useLocation().hash.slice(1));
    useEffect(() => {
      if (anchored) reveal();
    }, [anchored]);
    useEffect(() => {
      const element = box.current;
      if (!element || typeof IntersectionObserver === 'undefined') return reveal();
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), {
        rootMargin: '600px 0px',
      });
      observer.observe(element);
      // A tap or a tab into it before it scrolled into view: load now.
      element.addEventListener('pointerdown', reveal, { once: true });
      element.addEventListener('focusin', reveal, { once: true });
      return () => observer.disconnect();
    }, []);
    return (
      // The page's scripts start when this part comes near or the address names one of its
      // anchors (lib/deferred-scripts.ts): they are listed here because the part itself may still
      // be streaming in, out of its place, when the starter looks.
      <div ref={box} data-needs-scripts={anchors.join(' ')}>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </div>
    );
  };
}
