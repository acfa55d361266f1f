import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { startSession } from '../../../lib/start-session';
import {
  postConfirmEmail,
  postInvitationAccept,
  postInvitationView,
  postParticipationConfirm,
  postParticipationView,
  type Answer,
  type invitationViewSchema,
  type ParticipationForm,
  type participationViewSchema,
} from '@salon/shared';

/** What the invitation page shows before the person decides. */
export type InvitationView = Answer<typeof invitationViewSchema>['data'];

/**
 * What a link page shows before the person decides (`POST <path>` with the link's secret): a POST
 * that changes nothing, sent from the browser only (the server-rendered page calls nothing), so a
 * mail scanner opening the link learns nothing.
 */
function useLinkView<T>(
  view: typeof postInvitationView | typeof postParticipationView,
  token: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [view.path.slice(1), token],
    queryFn: () => api(view, { body: { token } }, { auth: false }).then((r) => r.data as T),
    enabled: enabled && token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export const useInvitationView = (token: string, enabled: boolean) =>
  useLinkView<InvitationView>(postInvitationView, token, enabled);

/** 'Accepter': the person joins the team and is signed in, as after setting a password. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (values: { token: string; password?: string }) =>
      startSession(await api(postInvitationAccept, { body: values }, { auth: false })),
  });
}

/** 'Confirmer': the new address becomes the sign-in address; every other session ends, this page is signed in. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: async (token: string) =>
      startSession(await api(postConfirmEmail, { body: { token } }, { auth: false })),
  });
}

/**
 * The key of a refusal the API coded (`details.code`), so a link page words it in the reader's
 * language; null for any other failure.
 */
export function refusalKey(error: unknown, codes: Record<string, string>): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const code = error.body?.error?.details?.code;
  return typeof code === 'string' ? (codes[code] ?? null) : null;
}

/** What the page of a participation invitation shows: the exhibitor's details and the edition. */
export type ParticipationView = Answer<typeof participationViewSchema>['data'];

export const useParticipationView = (token: string, enabled: boolean) =>
  useLinkView<ParticipationView>(postParticipationView, token, enabled);

/** 'Confirmer ma participation': the details saved, the registration made, pending the organiser. */
export function useConfirmParticipation() {
  return useMutation({
    mutationFn: (values: ParticipationForm) =>
      api(postParticipationConfirm, { body: values }, { auth: false }).then((r) => r.data),
  });
}
