import { lazy, Suspense } from 'react';
import { useHydrated } from '../lib/use-hydrated';

// react-admin and MUI load only here, never with the public pages.
const AdminApp = lazy(() => import('../features/admin/admin-app'));

export function meta() {
  return [{ title: 'Back-office' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** The organisers' back-office: a single-page app rendered in the browser only. */
export default function AdminRoute() {
  const hydrated = useHydrated();
  const loading = <p style={{ padding: '2rem', fontFamily: 'sans-serif' }}>Chargement…</p>;
  return hydrated ? <Suspense fallback={loading}>{<AdminApp />}</Suspense> : loading;
}
