import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths';
import { SetPasswordFormCard } from '../features/auth/components/set-password-form';
import { serverT } from '../lib/i18n.server';
import type { Route } from './+types/definir-mot-de-passe';

// The title in the reader's language, as the page's texts.
export function loader({ request, context }: Route.LoaderArgs) {
  return { title: serverT(request, context).t('setPassword.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? 'Définir mon mot de passe' },
  { name: 'robots', content: 'noindex' },
  // The address carries a one-time token: it must not leave in a Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function DefinirMotDePasse() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="container page narrow">
      <SetPasswordFormCard
        token={params.get('token') ?? ''}
        onSuccess={() => void navigate(paths.espaceExposant, { replace: true })}
      />
    </div>
  );
}
