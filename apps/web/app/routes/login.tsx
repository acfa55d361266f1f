import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, safeReturnUrl } from '../config/paths';
import { LoginFormCard } from '../features/auth/components/login-form';
import { serverT } from '../lib/i18n.server';
import type { Route } from './+types/login';

// The title in the reader's language, as the page's texts.
export function loader({ request, context }: Route.LoaderArgs) {
  return { title: serverT(request, context).t('login.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? 'Se connecter' },
  { name: 'robots', content: 'noindex' },
];

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
