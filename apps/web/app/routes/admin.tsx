import { useEffect, useRef } from 'react';
import type { Root } from 'react-dom/client';

export function meta() {
  return [{ title: 'Back-office' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * The organisers' back-office: react-admin, loaded here only and rendered in the browser in a
 * React root of its own, with its own router below /admin. Under the site's router, react-admin's
 * redirects and React Router's lazy route discovery restarted each other (a request storm for
 * the route manifest, and sometimes a blank page).
 */
export default function AdminRoute() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let root: Root | undefined;
    let cancelled = false;
    void Promise.all([import('react-dom/client'), import('../features/admin/admin-root')]).then(
      ([{ createRoot }, { AdminRoot }]) => {
        if (cancelled || !container.current) return;
        root = createRoot(container.current);
        root.render(<AdminRoot />);
      },
    );
    return () => {
      cancelled = true;
      root?.unmount();
    };
  }, []);
  return (
    <>
      <noscript>Le back-office a besoin de JavaScript.</noscript>
      <div ref={container} />
    </>
  );
}
