import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { GateHome } from '../features/gate/components/gate-home';
import { controllerLoginUrl, requireController, useControllerSession } from '../features/gate/session';
import { registerOfflinePages } from '../lib/offline';
import { screenMeta } from '../lib/screen-titles';
import type { Route } from './+types/espace-controleur';
import '../features/gate/gate.css';

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, 'espaceControleur');

export const clientLoader = (args: Route.ClientLoaderArgs) => requireController(args);
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="gate-home">
      <h1>{t('pages.espaceControleur.title')}</h1>
      <p aria-busy="true">{t('common.loading')}</p>
    </div>
  );
}

export default function EspaceControleur() {
  const session = useControllerSession();
  useEffect(registerOfflinePages, []);
  // Signed out here or in another tab: to the controller's sign-in, then back here.
  if (!session) return <Navigate to={controllerLoginUrl(paths.espaceControleur)} replace />;
  return <GateHome session={session} />;
}
