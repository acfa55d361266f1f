import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Answer, userMeSchema } from '@salon/shared';

/** The signed-in user's record (`GET users/me`). */
export type Me = Answer<typeof userMeSchema>['data'];

export const meQueryKey = ['users', 'me'] as const;

/** The signed-in user, fresh from the server; a revoked or expired session ends here with a 401. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () =>
      apiRequest<Answer<typeof userMeSchema>>('users/me', { query: { populate: ['role', 'avatar'] } }).then(
        (r) => r.data,
      ),
    enabled,
    retry: false,
  });
}
