import { useTranslation } from 'react-i18next';
import { requireSession } from '../features/auth/require-session';
import { useSession } from '../lib/session';
import { AreaShell } from '../features/exhibitor-area/components/area-shell';
import type { Route } from './+types/espace-exposant';

export function meta() {
  return [{ title: 'Espace exposant' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = (args: Route.ClientLoaderArgs) => requireSession(args);
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <p aria-busy="true">{t('common.loading')}</p>
    </div>
  );
}

export default function EspaceExposant() {
  const session = useSession();
  // Signed out in another tab: the shell disappears, the next navigation goes to login.
  if (!session) return <HydrateFallback />;
  return <AreaShell session={session} />;
}
