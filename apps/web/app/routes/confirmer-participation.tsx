import { useSearchParams } from 'react-router';
import { ParticipationCard } from '../features/exhibitor-area/components/participation-card';
import '../features/exhibitor-area/area.css';
import { serverT } from '../lib/i18n.server';
import type { Route } from './+types/confirmer-participation';

// The title in the reader's language, as the page's texts.
export function loader({ request, context }: Route.LoaderArgs) {
  return { title: serverT(request, context).t('participation.title') };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? 'Confirmer votre participation' },
  { name: 'robots', content: 'noindex' },
  // The address carries a one-time token: it must not leave in a Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function ConfirmerParticipation() {
  const [params] = useSearchParams();
  return (
    <div className="container page narrow">
      <ParticipationCard token={params.get('token') ?? ''} />
    </div>
  );
}
