import { postLogin, type LoginForm } from '@salon/shared';
import { api } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';
import { startSession } from '../../../lib/start-session';

/** `POST auth/local`, then the exhibitor area's session. */
export async function login(form: LoginForm): Promise<Session> {
  const answer = await api(postLogin, { body: { identifier: form.email, password: form.password } }, { auth: false });
  return startSession(answer);
}
