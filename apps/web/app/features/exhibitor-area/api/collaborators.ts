import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteInvitation,
  deleteUser,
  getFormerTeam,
  getUsers,
  postCollaborator,
  postCollaboratorAccess,
  postFormerTeam,
  type Answer,
  type CollaboratorForm,
  type collaboratorPageSchema,
  type formerTeamSchema,
} from '@salon/shared';
import { api } from '../../../lib/api-client';
import { downloadBadge, sendBadge } from './badges';

export const COLLABORATORS_PAGE_SIZE = 50;

/** One row of 'Collaborateurs': a collaborator with its badge, or an invitation not accepted yet. */
export type Collaborator = Answer<typeof collaboratorPageSchema>['data'][number];

const collaboratorsKey = ['users', 'collaborators'] as const;

/** `GET users` filtered by the exhibitor, 50 a page, as the specification says. */
export function useCollaborators(exhibitorId: number, page: number) {
  return useQuery({
    queryKey: [...collaboratorsKey, exhibitorId, page],
    queryFn: () =>
      api(getUsers, {
        query: {
          filters: { exhibitor: { id: exhibitorId } },
          pagination: { page, pageSize: COLLABORATORS_PAGE_SIZE },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The collaborator creation call: `POST auth/local/register/`, with its trailing slash. */
export function useAddCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CollaboratorForm) => api(postCollaborator, { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaboratorsKey }),
  });
}

export type CollaboratorAction = 'download' | 'sendBadge' | 'resendAccess' | 'delete';

/** The row actions of the collaborators table; a deletion reloads the list. */
export function useCollaboratorAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, collaborator }: { action: CollaboratorAction; collaborator: Collaborator }) => {
      const registrationId = collaborator.registration?.id;
      switch (action) {
        case 'delete':
          await api(collaborator.invitation ? deleteInvitation : deleteUser, {
            params: { id: String(collaborator.id) },
          });
          return;
        case 'download':
          if (registrationId) await downloadBadge(registrationId);
          return;
        case 'sendBadge':
          if (registrationId) await sendBadge(registrationId);
          return;
        case 'resendAccess':
          // A new link to set the password, sent to the collaborator's address.
          if (registrationId) await api(postCollaboratorAccess, { params: { id: String(registrationId) } });
          return;
      }
    },
    onSuccess: (_, { action }) =>
      action === 'delete' ? queryClient.invalidateQueries({ queryKey: collaboratorsKey }) : undefined,
  });
}

/** Who of the team of the exhibitor's last edition is not in this one's yet (former-team.service). */
export type FormerTeam = Answer<typeof formerTeamSchema>['data'];

const formerTeamKey = ['collaborators', 'former-team'] as const;

export function useFormerTeam() {
  return useQuery({
    queryKey: formerTeamKey,
    queryFn: () => api(getFormerTeam, {}).then((r) => r.data),
  });
}

/** 'Reprendre mes collaborateurs de 2024': each is invited again, and accepts from the mail. */
export function useTakeFormerTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(postFormerTeam, {}).then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: formerTeamKey });
      await queryClient.invalidateQueries({ queryKey: collaboratorsKey });
    },
  });
}
