import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordForm, SetPasswordForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';
import { startSession } from '../../../lib/start-session';

/** `POST auth/forgot-password`: the same answer whether the address has an account or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (values: ForgotPasswordForm) =>
      apiRequest<unknown>('auth/forgot-password', { method: 'POST', body: values, auth: false }),
  });
}

/** `POST auth/reset-password` answers like a sign-in: the user is signed in right away. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (values: SetPasswordForm) =>
      startSession(
        await apiRequest<{ jwt: string; user: SessionUser }>('auth/reset-password', {
          method: 'POST',
          body: values,
          auth: false,
        }),
      ),
  });
}
