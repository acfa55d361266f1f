import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { GateScreen } from '../features/gate/components/gate-screen';
import { controllerLoginUrl, requireGate, useControllerSession, useGateDevice } from '../features/gate/session';
import { registerOfflinePages } from '../lib/offline';
import { screenMeta } from '../lib/screen-titles';
import type { Route } from './+types/controleur';
import '../features/gate/gate.css';

/** The gate screen, at /controleur and /read-badge (the specification names both). */
export const meta: Route.MetaFunction = ({ location, matches }) =>
  screenMeta(matches, location.pathname === paths.readBadge ? 'readBadge' : 'controleur');

export const clientLoader = (args: Route.ClientLoaderArgs) => requireGate(args);
clientLoader.hydrate = true as const;

function usePageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return t(pathname === paths.readBadge ? 'pages.readBadge.title' : 'pages.controleur.title');
}

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="gate-screen">
      <h1 className="gate-title">{usePageTitle()}</h1>
      <p aria-busy="true">{t('common.loading')}</p>
    </div>
  );
}

export default function Controleur() {
  const session = useControllerSession();
  const device = useGateDevice();
  const { pathname } = useLocation();
  const title = usePageTitle();
  useEffect(registerOfflinePages, []);
  // Signed out, or the gate unset, in another tab: the guard's answers, without a reload.
  if (!session) return <Navigate to={controllerLoginUrl(pathname)} replace />;
  if (!device?.gateId) return <Navigate to={paths.espaceControleur} replace />;
  return <GateScreen session={session} device={{ ...device, gateId: device.gateId }} title={title} />;
}
