import { useTranslation } from 'react-i18next';
import { getEbadge, getVisitedStands, asLanguage, visitSize, type VisitedStand } from '@salon/shared';
import { BadgeCard } from '../components/badge-card';
import { Alert } from '../components/ui/alert';
import { API_BASE } from '../lib/api-client';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { loaderCall, loaderDataOr, LoaderApiError } from '../lib/server-api';
import { BadgeVisit } from '../features/my-visit/components/badge-visit';
import { visitItems, visitOf } from '../features/my-visit/visit.server';
import { StandsVisited } from '../features/stands-visited/components/stands-visited';
import type { Route } from './+types/ebadge';

export async function loader({ request, context }: Route.LoaderArgs) {
  const seo = pageSeo(request, context, 'ebadge');
  const token = new URL(request.url).searchParams.get('token');
  const none = { seo, badge: null, token: null, kept: null, deviceCount: 0, visited: [] as VisitedStand[] };
  if (!token) return none;
  try {
    const { data } = await loaderCall(context, getEbadge, { query: { token } });
    // The list kept with the badge, as every device that opens this link shows it.
    const kept = await visitItems(context, data.visit);
    // 'Stands visités': the exhibitors that scanned this badge, by the same key.
    const visited = await loaderDataOr(context, getVisitedStands, { query: { token } }, []);
    return { seo, badge: data, token, kept, deviceCount: visitSize(visitOf(request)), visited };
  } catch (err) {
    if (err instanceof LoaderApiError && err.status < 500) return none;
    throw err;
  }
}

// Opened from the badge mail: the bar gives the show's name, a link home (minimal-layout.tsx).
export const handle = { homeLink: true };

// The page names a person: never kept by a shared cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });
export const meta: Route.MetaFunction = ({ data }) => [...seoMeta(data?.seo), { name: 'robots', content: 'noindex' }];

/** The badge on a phone, from the link in the badge mail: shown at the gate without printing. */
export default function EbadgePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { badge, token, kept, deviceCount, visited } = loaderData;
  const lang = asLanguage(i18n.language);
  if (!badge || !token || !kept) {
    return (
      <div className="container page">
        <h1>{t('pages.ebadge.title')}</h1>
        <Alert tone="danger">{t('ebadge.invalid')}</Alert>
      </div>
    );
  }
  return (
    <>
      <BadgeCard badge={badge}>
        <a className="btn btn-primary btn-block" href={badge.downloadUrl} download>
          {t('ebadge.download')}
        </a>
        {badge.appleWalletUrl && (
          <a className="wallet-button" href={badge.appleWalletUrl}>
            {/* Apple's own badge, as its guidelines ask: served from the organiser's copy. */}
            <img src={`${API_BASE}wallet/apple-badge.svg?lang=${lang}`} alt={t('ebadge.appleWallet')} height={48} />
          </a>
        )}
        {badge.googleWalletUrl && (
          <a className="wallet-button" href={badge.googleWalletUrl}>
            {/* Google's own button, as its brand guidelines ask: served from the organiser's copy. */}
            <img src={`${API_BASE}wallet/google-badge.svg?lang=${lang}`} alt={t('ebadge.googleWallet')} height={48} />
          </a>
        )}
        <a
          className="btn btn-outline btn-block"
          href={`${API_BASE}registrations/ebadge/calendar.ics?token=${encodeURIComponent(token)}&lang=${lang}`}
          download
        >
          {t('ebadge.calendar')}
        </a>
      </BadgeCard>
      <StandsVisited token={token} stands={visited} year={Number(badge.event.startsOn.slice(0, 4)) || null} />
      <BadgeVisit token={token} kept={kept} deviceCount={deviceCount} />
    </>
  );
}
