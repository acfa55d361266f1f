import { useTranslation } from 'react-i18next';
import { asLanguage, type KioskBadge } from '@salon/shared';
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
  const { t } = useTranslation();
  return (
    <div className="kiosk-badge-screen">
      <BadgeCard badge={badge} className="kiosk-badge" testId="kiosk-badge" />
      <div className="kiosk-badge-side">
        {printed ? (
          <Alert tone="success">{t('kiosk.badge.printed')}</Alert>
        ) : (
          <p className="kiosk-lead">{t('kiosk.badge.check')}</p>
        )}
        {/* Each wallet's own button (the organiser's copy) beside a code for the visitor's own phone. */}
        {(badge.appleWallet || badge.googleWallet) && (
          <div className="kiosk-wallets">
            {badge.appleWallet && <WalletCode wallet="apple" code={badge.appleWallet} />}
            {badge.googleWallet && <WalletCode wallet="google" code={badge.googleWallet} />}
          </div>
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

/** A wallet's button, its link as a QR code and what to do with it: an iPhone's camera for Apple's, an Android phone's for Google's. */
function WalletCode({ wallet, code }: { wallet: 'apple' | 'google'; code: NonNullable<KioskBadge['appleWallet']> }) {
  const { t, i18n } = useTranslation();
  const { size, path } = code.qr;
  return (
    <figure className="kiosk-wallet">
      <img
        src={`${API_BASE}wallet/${wallet}-badge.svg?lang=${asLanguage(i18n.language)}`}
        alt={t(wallet === 'apple' ? 'ebadge.appleWallet' : 'ebadge.googleWallet')}
        height={40}
      />
      <svg
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={t(wallet === 'apple' ? 'kiosk.badge.walletQr' : 'kiosk.badge.googleWalletQr')}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <figcaption>{t(wallet === 'apple' ? 'kiosk.badge.wallet' : 'kiosk.badge.googleWallet')}</figcaption>
    </figure>
  );
}
