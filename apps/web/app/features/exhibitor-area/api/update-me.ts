import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putUser, type CollaboratorInfoForm, type ExhibitorInfoForm } from '@salon/shared';
import { api } from '../../../lib/api-client';
import { getSession, saveSession } from '../../../lib/session';
import { meQueryKey } from './get-me';

/**
 * `PUT users/{id}` with the 'Informations' form. The side panel and the stored session show the
 * new name and company at once. A new e-mail waits for the link mailed to it: `emailPending` is
 * that address, and the account keeps its current one until then.
 */
export function useUpdateMe(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ExhibitorInfoForm | CollaboratorInfoForm) =>
      api(putUser, { params: { id: String(id) }, body: values }).then((r) => ({
        user: r.data,
        emailPending: r.meta.emailPending,
      })),
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
