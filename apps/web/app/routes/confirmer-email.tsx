import { useSearchParams } from 'react-router';
import { ConfirmEmailCard } from '../features/exhibitor-area/components/confirm-email-card';

export function meta() {
  return [
    { title: 'Confirmer ma nouvelle adresse' },
    { name: 'robots', content: 'noindex' },
    // The address carries a one-time token: it must not leave in a Referer header.
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function ConfirmerEmail() {
  const [params] = useSearchParams();
  return (
    <div className="container page narrow">
      <ConfirmEmailCard token={params.get('token') ?? ''} />
    </div>
  );
}
