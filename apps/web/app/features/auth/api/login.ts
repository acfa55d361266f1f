import type { Answer, LoginForm, signedInSchema } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';
import { startSession } from '../../../lib/start-session';

/** `POST auth/local`, then the exhibitor area's session. */
export async function login(form: LoginForm): Promise<Session> {
  const answer = await apiRequest<Answer<typeof signedInSchema>>('auth/local', {
    method: 'POST',
    auth: false,
    body: { identifier: form.email, password: form.password },
  });
  return startSession(answer);
}
