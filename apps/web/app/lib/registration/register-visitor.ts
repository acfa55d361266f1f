import { useMutation } from '@tanstack/react-query';
import { putVisitor, type VisitorForm } from '@salon/shared';
import { api } from '../api-client';

/** `POST visiteurs/putVisitor`: the form's fields and `eBadge: true`, as the call table has it. */
export function useRegisterVisitor() {
  return useMutation({
    mutationFn: async (values: VisitorForm) => {
      // `eBadge` is the call table's, which the API does not read.
      const data = { ...values, eBadge: true };
      return (await api(putVisitor, { body: { data } }, { auth: false })).data;
    },
  });
}
