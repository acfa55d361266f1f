import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeReturnUrl } from '../config/paths';
import { LoginFormCard } from '../features/auth/components/login-form';

export function meta() {
  return [{ title: 'Se connecter' }, { name: 'robots', content: 'noindex' }];
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  return (
    <div className="container page narrow">
      <p className="lead">{t('login.intro')}</p>
      <LoginFormCard
        expired={params.get('expired') === '1'}
        onSuccess={() => void navigate(returnUrl ?? paths.espaceExposant, { replace: true })}
      />
    </div>
  );
}
