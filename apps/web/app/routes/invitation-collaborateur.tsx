import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths';
import { InvitationCard } from '../features/exhibitor-area/components/invitation-card';
import '../features/exhibitor-area/area.css';

export function meta() {
  return [
    { title: 'Invitation à rejoindre une équipe' },
    { name: 'robots', content: 'noindex' },
    // The address carries a one-time token: it must not leave in a Referer header.
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function InvitationCollaborateur() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="container page narrow">
      <InvitationCard
        token={params.get('token') ?? ''}
        onAccepted={() => void navigate(paths.espaceExposant, { replace: true })}
      />
    </div>
  );
}
