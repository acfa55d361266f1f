import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';

export interface Me extends SessionUser {
  phone: string | null;
  jobPosition: string | null;
  secteur_activite: string | null;
  pays: string | null;
  adresse: string | null;
  numero_stand: string | null;
  hall: string | null;
}

export const meQueryKey = ['users', 'me'] as const;

/** The signed-in user, fresh from the server; a revoked or expired session ends here with a 401. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () =>
      apiRequest<{ data: Me }>('users/me', { query: { populate: ['role', 'avatar'] } }).then((r) => r.data),
    enabled,
    retry: false,
  });
}
