import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths';
import { SetPasswordFormCard } from '../features/auth/components/set-password-form';

export function meta() {
  return [
    { title: 'Définir mon mot de passe' },
    { name: 'robots', content: 'noindex' },
    // The address carries a one-time token: it must not leave in a Referer header.
    { name: 'referrer', content: 'no-referrer' },
  ];
}

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
