import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { paths } from '../config/paths';
import { getSession, useSession } from '../features/auth/session';
import { ScannerScreen } from '../features/scans/components/scanner-screen';
import type { Route } from './+types/scanner';

export function meta() {
  return [{ title: 'Scanner un badge' }, { name: 'robots', content: 'noindex' }];
}

/** The session lives in the browser (localStorage 'auth'): the guard runs there. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!getSession()) {
    const url = new URL(request.url);
    throw redirect(`${paths.login}?returnUrl=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="scanner">
      <p aria-busy="true">{t('common.loading')}</p>
    </div>
  );
}

export default function Scanner() {
  const session = useSession();
  // Signed out in another tab: the scanner disappears, the next navigation goes to login.
  if (!session) return <HydrateFallback />;
  return <ScannerScreen session={session} />;
}
