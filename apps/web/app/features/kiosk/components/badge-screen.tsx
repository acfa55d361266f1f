import { useTranslation } from 'react-i18next';
import type { KioskBadge } from '@salon/shared';
import { BadgeCard } from '../../../components/badge-card';
import { Alert } from '../../../components/ui/alert';

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
