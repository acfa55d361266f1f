import { useMutation } from '@tanstack/react-query';
import type {
  Answer,
  enquirySubmittedSchema,
  ExhibitorEnquiryForm,
  NewsletterForm,
  newsletterSubscribedSchema,
} from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

export function useSendEnquiry() {
  return useMutation({
    mutationFn: (values: ExhibitorEnquiryForm) =>
      apiRequest<Answer<typeof enquirySubmittedSchema>>('demandes-exposants', {
        method: 'POST',
        body: { data: values },
        auth: false,
      }),
  });
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (values: NewsletterForm) =>
      apiRequest<Answer<typeof newsletterSubscribedSchema>>('newsletters', {
        method: 'POST',
        body: { data: values },
        auth: false,
      }),
  });
}
