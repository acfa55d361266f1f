import { useMutation, useQuery } from '@tanstack/react-query';
import type { Answer, badgeLinkSchema, sentSchema, walletOffersSchema } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * A badge download: the server signs a link valid 15 minutes, then the browser follows it. The
 * PDF comes as an attachment, so the page stays where it is.
 */
export async function downloadBadge(
  registrationId: number,
  as: 'pdf' | 'appleWallet' | 'googleWallet' = 'pdf',
): Promise<void> {
  const { data } = await apiRequest<Answer<typeof badgeLinkSchema>>(`registrations/${registrationId}/badge-link`, {
    method: 'POST',
  });
  const url = as === 'pdf' ? data.url : as === 'appleWallet' ? data.appleWalletUrl : data.googleWalletUrl;
  if (url) window.location.assign(url);
}

/** Which phone wallets the organiser offers badges in (none without its configuration). */
export function useWalletOffers() {
  return useQuery({
    queryKey: ['wallet'],
    queryFn: () => apiRequest<Answer<typeof walletOffersSchema>>('wallet').then((r) => r.data),
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
  await apiRequest<Answer<typeof sentSchema>>(`registrations/sendEmailEBadge/${registrationId}`, { method: 'POST' });
}

export function useDownloadBadge() {
  return useMutation({ mutationFn: (registrationId: number) => downloadBadge(registrationId) });
}

export function useSendBadge() {
  return useMutation({ mutationFn: sendBadge });
}
