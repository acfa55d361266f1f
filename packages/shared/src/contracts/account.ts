import * as z from 'zod/mini';
import { USER_TYPES } from '../constants';
import { dateTime, item, mediaSchema, page } from './common';

/** One of a person's live badges as the user record and the collaborators' list give it. */
export const registrationItemSchema = z.strictObject({
  id: z.number(),
  type: z.string(),
  confirmed: z.boolean(),
  booth: z.nullable(z.string()),
  event: z.strictObject({ id: z.number() }),
  gate: z.nullable(z.strictObject({ id: z.number(), name: z.string() })),
});

/**
 * The user record (`GET users/me`, the `user` of a sign-in): the specification's fields, hall and
 * stand from the current edition's registration, and the person's badges. Never a password
 * hash or a session version.
 */
export const userViewSchema = z.strictObject({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  jobPosition: z.nullable(z.string()),
  secteur_activite: z.nullable(z.string()),
  businessSector: z.nullable(z.string()),
  adresse: z.nullable(z.string()),
  pays: z.nullable(z.string()),
  numero_stand: z.nullable(z.string()),
  hall: z.nullable(z.string()),
  type: z.enum(USER_TYPES),
  provider: z.string(),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  /** A collaborator's exhibitor (its user id); null for the others. */
  exhibitor: z.nullable(z.number()),
  role: z.strictObject({ id: z.number(), name: z.string(), type: z.string() }),
  avatar: z.nullable(mediaSchema),
  registrations: z.array(registrationItemSchema),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** `GET users/me`. */
export const userMeSchema = item(userViewSchema);

/** `PUT users/:id` ('Informations'): the record, and the new sign-in address waiting for its link. */
export const userUpdatedSchema = z.strictObject({
  data: userViewSchema,
  meta: z.strictObject({ emailPending: z.nullable(z.string()) }),
});

/**
 * A page that signs its person in (`POST auth/local`, `auth/reset-password`,
 * `users/confirm-email`, `collaborator-invitations/accept`): the session token and the user.
 */
export const signedInSchema = z.strictObject({ jwt: z.string(), user: userViewSchema });

/** One row of 'Collaborateurs': a collaborator with its badge, or an invitation not accepted yet. */
export const collaboratorSchema = z.strictObject({
  /** The collaborator's user id, or the invitation's. */
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  jobPosition: z.nullable(z.string()),
  /** The collaborator's badge for this edition; null when it has none. */
  registration: z.nullable(z.strictObject({ id: z.number(), type: z.literal('collaborator') })),
  registrations: z.array(registrationItemSchema),
  /** Set on an invitation not yet accepted (the row shows what the exhibitor typed). */
  invitation: z.nullable(z.strictObject({ expiresAt: dateTime, expired: z.boolean() })),
});

/** `GET users?filters[exhibitor][id][$eq]=…`: 'Collaborateurs', 50 a page. */
export const collaboratorPageSchema = page(collaboratorSchema);

/**
 * `POST auth/local/register/` (with its trailing slash): a new collaborator and its badge, or an
 * invitation when the address already has an account.
 */
export const collaboratorAddedSchema = item(
  z.union([
    z.strictObject({ id: z.number(), registrationId: z.number() }),
    z.strictObject({ invitation: z.strictObject({ id: z.number(), expiresAt: dateTime }) }),
  ]),
);

/** `GET collaborators/former-team`: who of the last edition's team is not in this one's yet. */
export const formerTeamSchema = item(
  z.strictObject({
    year: z.nullable(z.number()),
    collaborators: z.array(z.strictObject({ id: z.number(), name: z.string(), jobPosition: z.nullable(z.string()) })),
  }),
);

/** `POST collaborators/former-team`: how many were invited, and how many wait for another day. */
export const formerTeamInvitedSchema = item(z.strictObject({ invited: z.number(), postponed: z.number() }));

/** `POST collaborator-invitations/view`: who invites, and whether the person must choose a password. */
export const invitationViewSchema = item(
  z.strictObject({ company: z.nullable(z.string()), email: z.string(), needsPassword: z.boolean() }),
);

/** `POST auth/controller` and `auth/organiser`: a staff screen's session. */
export const staffSignedInSchema = z.strictObject({
  jwt: z.string(),
  user: z.strictObject({ id: z.number(), name: z.string(), email: z.string(), type: z.enum(USER_TYPES) }),
});

/** `POST kiosk/sessions`: the device's kiosk token, shown once. */
export const kioskEnabledSchema = item(
  z.strictObject({ token: z.string(), id: z.number(), name: z.string(), expiresAt: z.string() }),
);
