import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { paths, safeReturnUrl } from '../config/paths';
import { ControllerLoginForm } from '../features/gate/components/controller-login-form';
import { getControllerSession } from '../features/gate/session';
import { forgetRoster } from '../features/gate/store';
import { registerOfflinePages } from '../lib/offline';
import { screenMeta } from '../lib/screen-titles';
import type { Route } from './+types/login-controleur';

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, 'loginControleur');

/** A controller already signed in on this device goes straight to the controller's area. */
export function clientLoader(_: Route.ClientLoaderArgs) {
  if (getControllerSession()) throw redirect(paths.espaceControleur);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="container page narrow">
      <h1>{t('pages.loginControleur.title')}</h1>
      <p aria-busy="true">{t('common.loading')}</p>
    </div>
  );
}

export default function LoginControleur() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  useEffect(registerOfflinePages, []);
  // Nobody is signed in on this device: no roster stays, even if a sign-out was cut short.
  useEffect(() => void forgetRoster().catch(() => undefined), []);
  return (
    <div className="container page narrow">
      <ControllerLoginForm
        expired={params.get('expired') === '1'}
        onSuccess={() => void navigate(returnUrl ?? paths.espaceControleur, { replace: true })}
      />
    </div>
  );
}
