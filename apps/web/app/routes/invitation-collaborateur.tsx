import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths';
import { InvitationCard } from '../features/exhibitor-area/components/invitation-card';
import '../features/exhibitor-area/area.css';
import { serverT } from '../lib/i18n.server';
import type { Route } from './+types/invitation-collaborateur';

// The title in the reader's language, as the page's texts.
export function loader({ request, context }: Route.LoaderArgs) {
  return { title: serverT(request, context).t('invitation.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? 'Invitation à rejoindre une équipe' },
  { name: 'robots', content: 'noindex' },
  // The address carries a one-time token: it must not leave in a Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

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
