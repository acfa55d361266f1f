import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollaboratorInfoForm, ExhibitorInfoForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';
import { getSession, saveSession } from '../../../lib/session';
import { meQueryKey, type Me } from './get-me';

/**
 * `PUT users/{id}` with the 'Informations' form. The side panel and the stored session show the
 * new name and company at once. A new e-mail waits for the link mailed to it: `emailPending` is
 * that address, and the account keeps its current one until then.
 */
export function useUpdateMe(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ExhibitorInfoForm | CollaboratorInfoForm) =>
      apiRequest<{ data: Me; meta: { emailPending?: string | null } }>(`users/${id}`, {
        method: 'PUT',
        body: values,
      }).then((r) => ({ user: r.data, emailPending: r.meta?.emailPending ?? null })),
    onSuccess: async ({ user }) => {
      const session = getSession();
      if (session) {
        saveSession({
          ...session,
          user: { ...session.user, name: user.name, email: user.email, company: user.company },
        });
      }
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
