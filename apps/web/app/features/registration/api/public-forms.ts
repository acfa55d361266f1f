import { useMutation } from '@tanstack/react-query';
import { postEnquiry, postNewsletter, type ExhibitorEnquiryForm, type NewsletterForm } from '@salon/shared';
import { api } from '../../../lib/api-client';

export function useSendEnquiry() {
  return useMutation({
    mutationFn: (values: ExhibitorEnquiryForm) => api(postEnquiry, { body: { data: values } }, { auth: false }),
  });
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (values: NewsletterForm) => api(postNewsletter, { body: { data: values } }, { auth: false }),
  });
}
