import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollaboratorForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';
import { downloadBadge, sendBadge } from './badges';

export const COLLABORATORS_PAGE_SIZE = 50;

export interface Collaborator {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  jobPosition: string | null;
  /** The collaborator's badge for this edition; null when it has none. */
  registration: { id: number; type: string } | null;
  /** Set on an invitation not yet accepted (the row then shows what the exhibitor typed; `id` is the invitation's). */
  invitation?: { expiresAt: string; expired: boolean } | null;
}

interface CollaboratorPage {
  data: Collaborator[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

const collaboratorsKey = ['users', 'collaborators'] as const;

/** `GET users` filtered by the exhibitor, 50 a page, as the specification says. */
export function useCollaborators(exhibitorId: number, page: number) {
  return useQuery({
    queryKey: [...collaboratorsKey, exhibitorId, page],
    queryFn: () =>
      apiRequest<CollaboratorPage>('users', {
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
    mutationFn: (values: CollaboratorForm) =>
      apiRequest<{ data: { id: number; registrationId: number } | { invitation: { id: number; expiresAt: string } } }>(
        'auth/local/register/',
        {
          method: 'POST',
          body: values,
        },
      ),
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
          await apiRequest<unknown>(
            collaborator.invitation ? `collaborator-invitations/${collaborator.id}` : `users/${collaborator.id}`,
            { method: 'DELETE' },
          );
          return;
        case 'download':
          if (registrationId) await downloadBadge(registrationId);
          return;
        case 'sendBadge':
          if (registrationId) await sendBadge(registrationId);
          return;
        case 'resendAccess':
          // A new link to set the password, sent to the collaborator's address.
          if (registrationId) await apiRequest<unknown>(`sendAuthCollaborateur/${registrationId}`, { method: 'POST' });
          return;
      }
    },
    onSuccess: (_, { action }) =>
      action === 'delete' ? queryClient.invalidateQueries({ queryKey: collaboratorsKey }) : undefined,
  });
}

/** Who of the team of the exhibitor's last edition is not in this one's yet (former-team.service). */
export interface FormerTeam {
  year: number | null;
  collaborators: { id: number; name: string; jobPosition: string | null }[];
}

const formerTeamKey = ['collaborators', 'former-team'] as const;

export function useFormerTeam() {
  return useQuery({
    queryKey: formerTeamKey,
    queryFn: () => apiRequest<{ data: FormerTeam }>('collaborators/former-team').then((r) => r.data),
  });
}

/** 'Reprendre mes collaborateurs de 2024': each is invited again, and accepts from the mail. */
export function useTakeFormerTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ data: { invited: number; postponed: number } }>('collaborators/former-team', {
        method: 'POST',
      }).then((r) => r.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: formerTeamKey });
      await queryClient.invalidateQueries({ queryKey: collaboratorsKey });
    },
  });
}
