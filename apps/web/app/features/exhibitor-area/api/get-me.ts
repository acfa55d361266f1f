import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getMe, type Answer, type userMeSchema } from '@salon/shared';

/** The signed-in user's record (`GET users/me`). */
export type Me = Answer<typeof userMeSchema>['data'];

export const meQueryKey = ['users', 'me'] as const;

/** The signed-in user, fresh from the server; a revoked or expired session ends here with a 401. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => api(getMe, { query: { populate: ['role', 'avatar'] } }).then((r) => r.data),
    enabled,
    retry: false,
  });
}
