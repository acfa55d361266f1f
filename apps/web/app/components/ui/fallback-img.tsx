import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

/**
 * An image that shows `fallback` when its file fails to load, including a failure that
 * happened before the page's scripts ran (server-rendered images start loading at once); the
 * page's first inline script does the same before React has started.
 */
export function FallbackImg({ src, fallback, ...props }: ImgHTMLAttributes<HTMLImageElement> & { fallback: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  return (
    <img
      ref={ref}
      {...props}
      // The page's first script swaps it before React runs (lib/deferred-scripts.ts).
      data-fallback={fallback}
      src={failed || !src ? fallback : src}
      onError={() => setFailed(true)}
    />
  );
}
