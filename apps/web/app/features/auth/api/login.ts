import { AREA_REGISTRATION_TYPES, EVENT_ID, type LoginForm } from '@salon/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { saveSession, type Session, type SessionRegistration, type SessionUser } from '../session';

/** The user has no exhibitor or collaborator registration for event 7: refused like a bad password. */
export class NotAnExhibitorError extends Error {}

/**
 * What follows a successful sign-in (password or set-password link): the registration that
 * opens the exhibitor area is looked up, then the session is stored.
 */
export async function startSession({ jwt, user }: { jwt: string; user: SessionUser }): Promise<Session> {
  const { data } = await apiRequest<{ data: SessionRegistration[] }>('registrations', {
    query: { filters: { event: { id: EVENT_ID }, user: { id: user.id } } },
    // The session is stored only once the registration allows the exhibitor area.
    token: jwt,
  });
  const registration = data.find((r) => (AREA_REGISTRATION_TYPES as readonly string[]).includes(r.type));
  if (!registration) throw new NotAnExhibitorError();
  const session: Session = { user, jwt, type: registration.type as Session['type'], registration };
  saveSession(session);
  return session;
}

export async function login(form: LoginForm): Promise<Session> {
  const answer = await apiRequest<{ jwt: string; user: SessionUser }>('auth/local', {
    method: 'POST',
    auth: false,
    body: { identifier: form.email, password: form.password },
  });
  return startSession(answer);
}

export function isRefusedLogin(error: unknown): boolean {
  return error instanceof NotAnExhibitorError || (error instanceof ApiError && error.status === 400);
}
