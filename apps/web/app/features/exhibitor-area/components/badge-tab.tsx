import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import type { Session } from '../../../lib/session';
import { API_BASE } from '../../../lib/api-client';
import { useAddToAppleWallet, useDownloadBadge, useSendBadge, useWalletOffers } from '../api/badges';

/** 'Badge Exposant' / 'Badge Collaborateur': the signed-in user's own badge. */
export function BadgeTab({ session }: { session: Session }) {
  const { t, i18n } = useTranslation();
  const download = useDownloadBadge();
  const send = useSendBadge();
  const wallets = useWalletOffers();
  const appleWallet = useAddToAppleWallet();
  const registrationId = session.registration.id;
  const failed = download.error ?? send.error ?? appleWallet.error;
  return (
    <>
      <p>{t('area.badge.intro')}</p>
      {send.isSuccess && <Alert tone="success">{t(`area.badge.sent_${session.type}`)}</Alert>}
      {failed && <Alert tone="danger">{t(submitErrorKey(failed) ?? 'errors.generic')}</Alert>}
      <div className="area-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={download.isPending}
          onClick={() => {
            send.reset();
            download.mutate(registrationId);
          }}
        >
          {t('area.badge.download')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={send.isPending}
          onClick={() => {
            download.reset();
            send.mutate(registrationId);
          }}
        >
          {t('area.badge.send')}
        </button>
      </div>
      {wallets.data?.apple && (
        <button
          type="button"
          className="wallet-button"
          disabled={appleWallet.isPending}
          onClick={() => appleWallet.mutate(registrationId)}
        >
          {/* Apple's own badge, as its guidelines ask: served from the organiser's copy. */}
          <img
            src={`${API_BASE}wallet/apple-badge.svg?lang=${i18n.language === 'en' ? 'en' : 'fr'}`}
            alt={t('ebadge.appleWallet')}
            height={48}
          />
        </button>
      )}
    </>
  );
}
