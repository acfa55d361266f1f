import { useMutation } from '@tanstack/react-query';
import type { Answer, badgeLinkSchema, sentSchema } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * A badge download: the server signs a link valid 15 minutes, then the browser follows it. The
 * PDF comes as an attachment, so the page stays where it is.
 */
export async function downloadBadge(registrationId: number): Promise<void> {
  const { data } = await apiRequest<Answer<typeof badgeLinkSchema>>(`registrations/${registrationId}/badge-link`, {
    method: 'POST',
  });
  window.location.assign(data.url);
}

/** `POST registrations/sendEmailEBadge/{registrationId}`: the badge goes to its holder's address. */
export async function sendBadge(registrationId: number): Promise<void> {
  await apiRequest<Answer<typeof sentSchema>>(`registrations/sendEmailEBadge/${registrationId}`, { method: 'POST' });
}

export function useDownloadBadge() {
  return useMutation({ mutationFn: downloadBadge });
}

export function useSendBadge() {
  return useMutation({ mutationFn: sendBadge });
}
