import { useTranslation } from 'react-i18next';
import type { Answer, ebadgeSchema } from '@salon/shared';
import { BadgeCard } from '../components/badge-card';
import { Alert } from '../components/ui/alert';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { loaderApi, LoaderApiError } from '../lib/server-api';
import type { Route } from './+types/ebadge';

export async function loader({ request, context }: Route.LoaderArgs) {
  const seo = pageSeo(request, context, 'ebadge');
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return { seo, badge: null };
  try {
    const { data } = await loaderApi<Answer<typeof ebadgeSchema>>(
      context,
      `registrations/ebadge?token=${encodeURIComponent(token)}`,
    );
    return { seo, badge: data };
  } catch (err) {
    if (err instanceof LoaderApiError && err.status < 500) return { seo, badge: null };
    throw err;
  }
}

// The page names a person: never kept by a shared cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });
export const meta: Route.MetaFunction = ({ data }) => [...seoMeta(data?.seo), { name: 'robots', content: 'noindex' }];

/** The badge on a phone, from the link in the badge mail: shown at the gate without printing. */
export default function EbadgePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { badge } = loaderData;
  if (!badge) {
    return (
      <div className="container page">
        <h1>{t('pages.ebadge.title')}</h1>
        <Alert tone="danger">{t('ebadge.invalid')}</Alert>
      </div>
    );
  }
  return (
    <BadgeCard badge={badge}>
      <a className="btn btn-primary btn-block" href={badge.downloadUrl} download>
        {t('ebadge.download')}
      </a>
    </BadgeCard>
  );
}
