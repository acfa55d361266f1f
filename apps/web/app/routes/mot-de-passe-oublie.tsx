import { ForgotPasswordFormCard } from '../features/auth/components/forgot-password-form';
import { serverT } from '../lib/i18n.server';
import type { Route } from './+types/mot-de-passe-oublie';

// The title in the reader's language, as the page's texts.
export function loader({ request, context }: Route.LoaderArgs) {
  return { title: serverT(request, context).t('forgotPassword.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? 'Mot de passe oublié ?' },
  { name: 'robots', content: 'noindex' },
];

export default function MotDePasseOublie() {
  return (
    <div className="container page narrow">
      <ForgotPasswordFormCard />
    </div>
  );
}
