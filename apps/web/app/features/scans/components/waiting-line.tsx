import { useTranslation } from 'react-i18next';

/** '2 scans en attente d'envoi.': the user's scans still on this device; nothing when none wait. */
export function WaitingLine({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <p className="scan-waiting" data-testid="scan-waiting">
      {t('scanner.waiting', { count })}
    </p>
  );
}
