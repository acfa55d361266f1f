import { useMutation } from '@tanstack/react-query';
import { postForgotPassword, postResetPassword, type ForgotPasswordForm, type SetPasswordForm } from '@salon/shared';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/start-session';

/** `POST auth/forgot-password`: the same answer whether the address has an account or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (values: ForgotPasswordForm) => api(postForgotPassword, { body: values }, { auth: false }),
  });
}

/** `POST auth/reset-password` answers like a sign-in: the user is signed in right away. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async (values: SetPasswordForm) =>
      startSession(await api(postResetPassword, { body: values }, { auth: false })),
  });
}
