import { useMutation } from '@tanstack/react-query';
import type { Answer, VisitorForm, visitorRegisteredSchema } from '@salon/shared';
import { apiRequest } from '../api-client';

/** `POST visiteurs/putVisitor`: the form's fields and `eBadge: true`, as the call table has it. */
export function useRegisterVisitor() {
  return useMutation({
    mutationFn: async (values: VisitorForm) =>
      (
        await apiRequest<Answer<typeof visitorRegisteredSchema>>('visiteurs/putVisitor', {
          method: 'POST',
          body: { data: { ...values, eBadge: true } },
          auth: false,
        })
      ).data,
  });
}
