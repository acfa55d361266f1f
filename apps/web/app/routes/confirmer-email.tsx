import { useSearchParams } from 'react-router';
import { ConfirmEmailCard } from '../features/exhibitor-area/components/confirm-email-card';
import { serverT } from '../lib/i18n.server';
import type { Route } from './+types/confirmer-email';

// The title in the reader's language, as the page's texts.
export function loader({ request, context }: Route.LoaderArgs) {
  return { title: serverT(request, context).t('confirmEmail.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? 'Confirmer ma nouvelle adresse' },
  { name: 'robots', content: 'noindex' },
  // The address carries a one-time token: it must not leave in a Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function ConfirmerEmail() {
  const [params] = useSearchParams();
  return (
    <div className="container page narrow">
      <ConfirmEmailCard token={params.get('token') ?? ''} />
    </div>
  );
}
