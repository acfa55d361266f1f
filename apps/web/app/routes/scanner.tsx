import { useTranslation } from 'react-i18next';
import { requireSession } from '../features/auth/require-session';
import { useSession } from '../lib/session';
import { screenMeta } from '../lib/screen-titles';
import { ScannerScreen } from '../features/scans/components/scanner-screen';
import type { Route } from './+types/scanner';
import '../features/scans/scans.css';

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, 'scanner');

export const clientLoader = (args: Route.ClientLoaderArgs) => requireSession(args);
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
