import { useTranslation } from 'react-i18next';
import { hoursText, dayText, rangeParts, type RegistrationType } from '@salon/shared';
import { Alert } from '../components/ui/alert';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { loaderApi, LoaderApiError } from '../lib/server-api';
import type { Route } from './+types/ebadge';

interface Ebadge {
  registration: { id: number; type: RegistrationType };
  name: string;
  company: string | null;
  jobPosition: string | null;
  qr: { size: number; path: string };
  event: { name: string; startsOn: string; endsOn: string; city: string };
  hours: { day: string; opens: string; closes: string }[];
  downloadUrl: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const seo = pageSeo(request, context, 'ebadge');
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return { seo, badge: null };
  try {
    const { data } = await loaderApi<{ data: Ebadge }>(
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

/**
 * The badge on a phone, from the link in the badge mail: shown at the gate without printing.
 * The QR code is drawn as an SVG from the server's path, large and on white for the scanners.
 */
export default function EbadgePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { badge } = loaderData;
  const lang = i18n.language;
  if (!badge) {
    return (
      <div className="container page">
        <h1>{t('pages.ebadge.title')}</h1>
        <Alert tone="danger">{t('ebadge.invalid')}</Alert>
      </div>
    );
  }
  const { start, end } = rangeParts(badge.event.startsOn, badge.event.endsOn, lang);
  return (
    <article className={`ebadge ebadge-${badge.registration.type}`}>
      <header className="ebadge-band">
        <p className="ebadge-show">{badge.event.name}</p>
        <p>{t('ebadge.dates', { start, end, city: badge.event.city })}</p>
      </header>
      <p className="ebadge-type">{t(`ebadge.types.${badge.registration.type}`)}</p>
      <h1 className="ebadge-name">{badge.name}</h1>
      {badge.jobPosition && <p className="ebadge-position">{badge.jobPosition}</p>}
      {badge.company && <p className="ebadge-company">{badge.company}</p>}
      <svg
        className="ebadge-qr"
        viewBox={`0 0 ${badge.qr.size} ${badge.qr.size}`}
        role="img"
        aria-label={t('ebadge.qr')}
        shapeRendering="crispEdges"
      >
        <rect width={badge.qr.size} height={badge.qr.size} fill="#fff" />
        <path d={badge.qr.path} fill="#000" />
      </svg>
      <p className="ebadge-rule">{t('ebadge.rule')}</p>
      <h2>{t('ebadge.hours')}</h2>
      <ul className="ebadge-hours">
        {badge.hours.map((h) => (
          <li key={h.day}>
            {dayText(h.day, lang)} : {hoursText(h.opens, h.closes)}
          </li>
        ))}
      </ul>
      <a className="btn btn-primary btn-block" href={badge.downloadUrl} download>
        {t('ebadge.download')}
      </a>
    </article>
  );
}
