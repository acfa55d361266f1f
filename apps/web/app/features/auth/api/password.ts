import { useMutation } from '@tanstack/react-query';
import type { Answer, ForgotPasswordForm, sentSchema, SetPasswordForm, signedInSchema } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/start-session';

/** `POST auth/forgot-password`: the same answer whether the address has an account or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (values: ForgotPasswordForm) =>
      apiRequest<Answer<typeof sentSchema>>('auth/forgot-password', { method: 'POST', body: values, auth: false }),
  });
}

/** `POST auth/reset-password` answers like a sign-in: the user is signed in right away. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (values: SetPasswordForm) =>
      startSession(
        await apiRequest<Answer<typeof signedInSchema>>('auth/reset-password', {
          method: 'POST',
          body: values,
          auth: false,
        }),
      ),
  });
}
