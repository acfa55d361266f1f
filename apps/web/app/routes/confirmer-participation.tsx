import { useSearchParams } from 'react-router';
import { ParticipationCard } from '../features/exhibitor-area/components/participation-card';
import '../features/exhibitor-area/area.css';

export function meta() {
  return [
    { title: 'Confirmer votre participation' },
    { name: 'robots', content: 'noindex' },
    // The address carries a one-time token: it must not leave in a Referer header.
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function ConfirmerParticipation() {
  const [params] = useSearchParams();
  return (
    <div className="container page narrow">
      <ParticipationCard token={params.get('token') ?? ''} />
    </div>
  );
}
