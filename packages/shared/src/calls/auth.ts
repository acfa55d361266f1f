import * as z from 'zod/mini';
import { call, formBody } from '../call';
import { kioskEnabledSchema, signedInSchema, staffSignedInSchema } from '../contracts/account';
import { noContentSchema, sentSchema } from '../contracts/common';
import { kioskEnableSchema } from '../gate';
import { forgotPasswordSchema, loginFormSchema, setPasswordSchema } from '../schemas';

/** Signing in, out, and setting a password; a kiosk's own session. */

/** `POST auth/local`'s body: the Strapi shape the specification's call table names. */
export const loginBodySchema = z.object({
  identifier: z.string({ error: 'required' }).check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(320)),
  password: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' }), z.maxLength(200)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The exhibitor area's sign-in (exhibitors and their collaborators). */
export const postLogin = call({
  method: 'POST',
  path: '/auth/local',
  tags: ['auth'],
  body: loginBodySchema,
  response: { 200: signedInSchema },
});

/** `login-controleur`: controllers only. */
export const postControllerLogin = call({
  method: 'POST',
  path: '/auth/controller',
  tags: ['auth', 'gate'],
  body: loginBodySchema,
  response: { 200: staffSignedInSchema },
});

/** The back-office's sign-in (`/admin`): organisers only. */
export const postOrganiserLogin = call({
  method: 'POST',
  path: '/auth/organiser',
  tags: ['auth', 'admin'],
  body: loginBodySchema,
  response: { 200: staffSignedInSchema },
});

/** Turns a device into a kiosk, with a controller's or organiser's e-mail and password. */
export const postKioskSession = call({
  method: 'POST',
  path: '/kiosk/sessions',
  tags: ['kiosk'],
  body: formBody(kioskEnableSchema),
  response: { 200: kioskEnabledSchema },
});

/** Leaves kiosk mode, with a controller's or organiser's password. */
export const postKioskSessionEnd = call({
  method: 'POST',
  path: '/kiosk/session/end',
  tags: ['kiosk'],
  body: formBody(loginFormSchema),
  response: { 204: noContentSchema },
  audience: 'kiosks',
});

export const postLogout = call({
  method: 'POST',
  path: '/auth/logout',
  tags: ['auth'],
  response: { 204: noContentSchema },
  audience: 'signedIn',
});

export const postForgotPassword = call({
  method: 'POST',
  path: '/auth/forgot-password',
  tags: ['auth'],
  body: formBody(forgotPasswordSchema),
  response: { 200: sentSchema },
});

/** The set-password page (link of the access or reset mail): sets it and signs in. */
export const postResetPassword = call({
  method: 'POST',
  path: '/auth/reset-password',
  tags: ['auth'],
  body: formBody(setPasswordSchema),
  response: { 200: signedInSchema },
});

/** Google sign-in is not offered: its landing page's call is a 400 that says so. */
export const getGoogleCallback = call({
  method: 'GET',
  path: '/auth/google/callback',
  tags: ['auth'],
  query: z.object({ access_token: z.optional(z.string()) }),
  response: {},
});
