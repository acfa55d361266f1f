import { useMutation } from '@tanstack/react-query';
import type { ExhibitorEnquiryForm, NewsletterForm, VisitorForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

export interface VisitorRegistered {
  registration: { id: number; type: 'visitor' };
  /** Downloads the badge PDF; signed and short-lived. */
  badgeUrl: string;
  ebadgeUrl: string;
}

/** `POST visiteurs/putVisitor`: the form's fields and `eBadge: true`, as the call table has it. */
export function useRegisterVisitor() {
  return useMutation({
    mutationFn: async (values: VisitorForm) =>
      (
        await apiRequest<{ data: VisitorRegistered }>('visiteurs/putVisitor', {
          method: 'POST',
          body: { data: { ...values, eBadge: true } },
          auth: false,
        })
      ).data,
  });
}

export function useSendEnquiry() {
  return useMutation({
    mutationFn: (values: ExhibitorEnquiryForm) =>
      apiRequest<unknown>('demandes-exposants', { method: 'POST', body: { data: values }, auth: false }),
  });
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (values: NewsletterForm) =>
      apiRequest<unknown>('newsletters', { method: 'POST', body: { data: values }, auth: false }),
  });
}
