import { useMutation } from '@tanstack/react-query';
import type { ExhibitorEnquiryForm, NewsletterForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

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
