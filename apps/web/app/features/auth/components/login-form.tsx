import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignInCard } from '../../../components/auth/sign-in-card';
import { paths } from '../../../config/paths';
import type { Session } from '../../../lib/session';
import { login } from '../api/login';

/** The exhibitor area's sign-in. */
export function LoginFormCard({ onSuccess, expired }: { onSuccess: (session: Session) => void; expired: boolean }) {
  const { t } = useTranslation();
  return (
    <SignInCard
      title={t('login.title')}
      signIn={login}
      onSuccess={onSuccess}
      expired={expired}
      footer={
        <p className="form-link">
          <Link to={paths.motDePasseOublie}>{t('login.forgotPassword')}</Link>
        </p>
      }
    />
  );
}
