import { useMutation, useQuery } from '@tanstack/react-query';
import { getWallet, postBadgeLink, postBadgeMail } from '@salon/shared';
import { api } from '../../../lib/api-client';

/**
 * A badge download: the server signs a link valid 15 minutes, then the browser follows it. The
 * PDF comes as an attachment, so the page stays where it is.
 */
export async function downloadBadge(
  registrationId: number,
  as: 'pdf' | 'appleWallet' | 'googleWallet' = 'pdf',
): Promise<void> {
  const { data } = await api(postBadgeLink, { params: { id: String(registrationId) } });
  const url = as === 'pdf' ? data.url : as === 'appleWallet' ? data.appleWalletUrl : data.googleWalletUrl;
  if (url) window.location.assign(url);
}

/** Which phone wallets the organiser offers badges in (none without its configuration). */
export function useWalletOffers() {
  return useQuery({
    queryKey: ['wallet'],
    queryFn: () => api(getWallet, {}).then((r) => r.data),
    staleTime: Infinity,
  });
}

/** 'Ajouter à Apple Wallet': the pass by the same short-lived link as the PDF. */
export function useAddToAppleWallet() {
  return useMutation({ mutationFn: (registrationId: number) => downloadBadge(registrationId, 'appleWallet') });
}

/** 'Ajouter à Google Wallet': by the same short-lived link, a redirect to Google's save link. */
export function useAddToGoogleWallet() {
  return useMutation({ mutationFn: (registrationId: number) => downloadBadge(registrationId, 'googleWallet') });
}

/** `POST registrations/sendEmailEBadge/{registrationId}`: the badge goes to its holder's address. */
export async function sendBadge(registrationId: number): Promise<void> {
  await api(postBadgeMail, { params: { id: String(registrationId) } });
}

export function useDownloadBadge() {
  return useMutation({ mutationFn: (registrationId: number) => downloadBadge(registrationId) });
}

export function useSendBadge() {
  return useMutation({ mutationFn: sendBadge });
}
