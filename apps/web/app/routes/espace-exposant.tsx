import { useTranslation } from 'react-i18next';
import { requireSession } from '../features/auth/require-session';
import { useSession } from '../lib/session';
import { screenMeta } from '../lib/screen-titles';
import { AreaShell } from '../features/exhibitor-area/components/area-shell';
import { AREA_TITLE_ID } from '../features/exhibitor-area/components/area-title';
import { ScansTab } from '../features/scans/components/scans-tab';
import { useSendWaitingScans } from '../features/scans/hooks';
import { ExhibitorPageTab } from '../features/exhibitor-page/components/page-tab';
import { ExhibitorPageView } from '../features/directory/components/exhibitor-page';
import type { Route } from './+types/espace-exposant';
import '../features/exhibitor-area/area.css';
import '../features/scans/scans.css';
import '../features/exhibitor-page/exhibitor-page.css';
import '../features/directory/directory.css';

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, 'espaceExposant');

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
  useSendWaitingScans(session?.user.id);
  // Signed out in another tab: the shell disappears, the next navigation goes to login.
  if (!session) return <HydrateFallback />;
  // The area's shell, 'Mes scans' and 'Fiche annuaire' are features of their own; the page puts
  // the tabs in the shell, and the directory's page in the preview of 'Fiche annuaire'.
  return (
    <AreaShell
      session={session}
      scansTab={<ScansTab session={session} titleId={AREA_TITLE_ID} />}
      pageTab={<ExhibitorPageTab renderPreview={(page) => <ExhibitorPageView page={page} />} />}
    />
  );
}
