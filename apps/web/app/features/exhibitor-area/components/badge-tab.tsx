import { asLanguage } from '@salon/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import type { Session } from '../../../lib/session';
import { API_BASE } from '../../../lib/api-client';
import {
  useAddToAppleWallet,
  useAddToGoogleWallet,
  useDownloadBadge,
  useSendBadge,
  useWalletOffers,
} from '../api/badges';

/** 'Badge Exposant' / 'Badge Collaborateur': the signed-in user's own badge. */
export function BadgeTab({ session }: { session: Session }) {
  const { t } = useTranslation();
  const download = useDownloadBadge();
  const send = useSendBadge();
  const wallets = useWalletOffers();
  const appleWallet = useAddToAppleWallet();
  const googleWallet = useAddToGoogleWallet();
  const registrationId = session.registration.id;
  const failed = download.error ?? send.error ?? appleWallet.error ?? googleWallet.error;
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
      {wallets.data?.apple && <WalletButton wallet="apple" add={appleWallet} registrationId={registrationId} />}
      {wallets.data?.google && <WalletButton wallet="google" add={googleWallet} registrationId={registrationId} />}
    </>
  );
}

/** 'Ajouter à Apple Wallet' / 'Ajouter à Google Wallet': the wallet's own button, as its guidelines ask (the organiser's copy). */
function WalletButton({
  wallet,
  add,
  registrationId,
}: {
  wallet: 'apple' | 'google';
  add: UseMutationResult<void, Error, number>;
  registrationId: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <button type="button" className="wallet-button" disabled={add.isPending} onClick={() => add.mutate(registrationId)}>
      <img
        src={`${API_BASE}wallet/${wallet}-badge.svg?lang=${asLanguage(i18n.language)}`}
        alt={t(wallet === 'apple' ? 'ebadge.appleWallet' : 'ebadge.googleWallet')}
        height={48}
      />
    </button>
  );
}
