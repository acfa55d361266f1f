import { ForgotPasswordFormCard } from '../features/auth/components/forgot-password-form';

export function meta() {
  return [{ title: 'Mot de passe oublié ?' }, { name: 'robots', content: 'noindex' }];
}

export default function MotDePasseOublie() {
  return (
    <div className="container page narrow">
      <ForgotPasswordFormCard />
    </div>
  );
}
