import {
  AREA_REGISTRATION_TYPES,
  getRegistrations,
  type Answer,
  type ownRegistrationsSchema,
  type signedInSchema,
} from '@salon/shared';
import { ApiError, api } from './api-client';
import { saveSession, type Session } from './session';

/** The user has no exhibitor or collaborator registration for the current edition: refused like a bad password. */
export class NotAnExhibitorError extends Error {}

/**
 * What follows a successful sign-in (password or set-password link): the registration that
 * opens the exhibitor area is looked up, then the session is stored.
 */
export async function startSession({ jwt, user }: Answer<typeof signedInSchema>): Promise<Session> {
  // The session is stored only once the registration allows the exhibitor area.
  const { data } = (await api(
    getRegistrations,
    { query: { filters: { user: { id: user.id } } } },
    { token: jwt },
  )) as Answer<typeof ownRegistrationsSchema>;
  // The specification's call named event 7; the current edition is the server's to say.
  const registration = data.find(
    (r) => r.event.current && (AREA_REGISTRATION_TYPES as readonly string[]).includes(r.type),
  );
  if (!registration) throw new NotAnExhibitorError();
  const session: Session = { user, jwt, type: registration.type as Session['type'], registration };
  saveSession(session);
  return session;
}

/** A refused sign-in: a wrong address or password (400), or an account without an exhibitor area. */
export function isRefusedLogin(error: unknown): boolean {
  return error instanceof NotAnExhibitorError || (error instanceof ApiError && error.status === 400);
}
