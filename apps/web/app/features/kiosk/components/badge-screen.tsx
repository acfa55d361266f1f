import { useTranslation } from 'react-i18next';
import type { KioskBadge } from '@salon/shared';
import { BadgeCard } from '../../../components/badge-card';
import { Alert } from '../../../components/ui/alert';
import { API_BASE } from '../../../lib/api-client';

/**
 * The visitor's badge, as the e-badge page draws it, and what to do with it. Printing is the
 * visitor's tap, never automatic: the print stylesheet puts the badge alone on an A6 page.
 */
export function KioskBadgeScreen({
  badge,
  printed,
  onPrint,
  onDone,
}: {
  badge: KioskBadge;
  printed: boolean;
  onPrint: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="kiosk-badge-screen">
      <BadgeCard badge={badge} className="kiosk-badge" testId="kiosk-badge" />
      <div className="kiosk-badge-side">
        {printed ? (
          <Alert tone="success">{t('kiosk.badge.printed')}</Alert>
        ) : (
          <p className="kiosk-lead">{t('kiosk.badge.check')}</p>
        )}
        {badge.appleWallet && (
          <figure className="kiosk-wallet">
            {/* Apple's own badge (the organiser's copy) beside a code for the visitor's iPhone. */}
            <img
              src={`${API_BASE}wallet/apple-badge.svg?lang=${i18n.language === 'en' ? 'en' : 'fr'}`}
              alt={t('ebadge.appleWallet')}
              height={40}
            />
            <svg
              viewBox={`0 0 ${badge.appleWallet.qr.size} ${badge.appleWallet.qr.size}`}
              role="img"
              aria-label={t('kiosk.badge.walletQr')}
              shapeRendering="crispEdges"
            >
              <rect width={badge.appleWallet.qr.size} height={badge.appleWallet.qr.size} fill="#fff" />
              <path d={badge.appleWallet.qr.path} fill="#000" />
            </svg>
            <figcaption>{t('kiosk.badge.wallet')}</figcaption>
          </figure>
        )}
        <div className="kiosk-actions">
          <button type="button" className="btn btn-primary" data-testid="kiosk-print" onClick={onPrint}>
            {t('kiosk.badge.print')}
          </button>
          <button type="button" className="btn btn-outline" onClick={onDone}>
            {t('kiosk.badge.done')}
          </button>
        </div>
      </div>
    </div>
  );
}
