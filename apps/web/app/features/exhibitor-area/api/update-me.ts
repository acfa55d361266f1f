import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollaboratorInfoForm, ExhibitorInfoForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';
import { getSession, saveSession } from '../../auth/session';
import { meQueryKey, type Me } from './get-me';

/**
 * `PUT users/{id}` with the 'Informations' form. The side panel and the stored session show the
 * new name and company at once.
 */
export function useUpdateMe(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ExhibitorInfoForm | CollaboratorInfoForm) =>
      apiRequest<{ data: Me }>(`users/${id}`, { method: 'PUT', body: values }).then((r) => r.data),
    onSuccess: async (user) => {
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
