import { useTranslation } from 'react-i18next';
import { postControllerLogin, type LoginForm } from '@salon/shared';
import { api } from '../../../lib/api-client';
import { SignInCard } from '../../../components/auth/sign-in-card';
import { saveControllerSession, type ControllerSession } from '../session';

async function signIn(form: LoginForm): Promise<ControllerSession> {
  // Never the exhibitor's token: the two sessions stay apart.
  const session: ControllerSession = await api(
    postControllerLogin,
    { body: { identifier: form.email, password: form.password } },
    { auth: false },
  );
  saveControllerSession({ jwt: session.jwt, user: session.user });
  return session;
}

/** The controller's sign-in: the main sign-in's form and alerts, on the controllers' own endpoint. */
export function ControllerLoginForm({ onSuccess, expired }: { onSuccess: () => void; expired: boolean }) {
  const { t } = useTranslation();
  return (
    <SignInCard title={t('pages.loginControleur.title')} signIn={signIn} onSuccess={onSuccess} expired={expired}>
      <p>{t('gate.loginIntro')}</p>
    </SignInCard>
  );
}
