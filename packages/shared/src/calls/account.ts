import * as z from 'zod/mini';
import { call, handlerForm, formBody, idPath, strapiQuery } from '../call';
import {
  collaboratorAddedSchema,
  collaboratorPageSchema,
  formerTeamInvitedSchema,
  formerTeamSchema,
  invitationViewSchema,
  signedInSchema,
  userMeSchema,
  userUpdatedSchema,
} from '../contracts/account';
import { removedSchema, sentSchema } from '../contracts/common';
import {
  acceptInvitationSchema,
  collaboratorFormSchema,
  collaboratorInfoSchema,
  confirmEmailSchema,
  exhibitorInfoSchema,
} from '../schemas';

/** The exhibitor area's account and team: one's own record, and an exhibitor's collaborators. */

const tags = ['users'];

/** The signed-in user's record; `populate` is taken and left (the record is whole). */
export const getMe = call({
  method: 'GET',
  path: '/users/me',
  tags,
  query: strapiQuery('populate'),
  response: { 200: userMeSchema },
  audience: 'signedIn',
});

/** 'Collaborateurs': the exhibitor's collaborators, 50 a page. */
export const getUsers = call({
  method: 'GET',
  path: '/users',
  tags,
  query: strapiQuery('filters', 'populate', 'pagination'),
  response: { 200: collaboratorPageSchema },
  audience: 'exhibitors',
});

/** 'Informations' → 'Sauvegarder': one's own record, with the fields of one's form (an exhibitor's or a collaborator's). */
export const putUser = call({
  method: 'PUT',
  path: '/users/:id',
  tags,
  params: idPath,
  body: handlerForm(z.union([exhibitorInfoSchema, collaboratorInfoSchema])),
  response: { 200: userUpdatedSchema },
  audience: 'signedIn',
});

/** The link mailed to a new sign-in address: the address changes and the page is signed in. */
export const postConfirmEmail = call({
  method: 'POST',
  path: '/users/confirm-email',
  tags,
  body: formBody(confirmEmailSchema),
  response: { 200: signedInSchema },
});

export const postInvitationView = call({
  method: 'POST',
  path: '/collaborator-invitations/view',
  tags,
  body: formBody(acceptInvitationSchema),
  response: { 200: invitationViewSchema },
});

export const postInvitationAccept = call({
  method: 'POST',
  path: '/collaborator-invitations/accept',
  tags,
  body: formBody(acceptInvitationSchema),
  response: { 200: signedInSchema },
});

export const getFormerTeam = call({
  method: 'GET',
  path: '/collaborators/former-team',
  tags,
  response: { 200: formerTeamSchema },
  audience: 'exhibitors',
});

export const postFormerTeam = call({
  method: 'POST',
  path: '/collaborators/former-team',
  tags,
  response: { 200: formerTeamInvitedSchema },
  audience: 'exhibitors',
});

export const deleteInvitation = call({
  method: 'DELETE',
  path: '/collaborator-invitations/:id',
  tags,
  params: idPath,
  response: { 200: removedSchema },
  audience: 'exhibitors',
});

export const deleteUser = call({
  method: 'DELETE',
  path: '/users/:id',
  tags,
  params: idPath,
  response: { 200: removedSchema },
  audience: 'exhibitors',
});

/** 'Ajouter un collaborateur': with the trailing slash (without it, the path is the visitor registration). */
export const postCollaborator = call({
  method: 'POST',
  path: '/auth/local/register/',
  tags,
  body: formBody(collaboratorFormSchema),
  response: { 201: collaboratorAddedSchema },
  audience: 'exhibitors',
});

/** 'Renvoyer l'accès': a new set-password link to the collaborator of this registration. */
export const postCollaboratorAccess = call({
  method: 'POST',
  path: '/sendAuthCollaborateur/:id',
  tags,
  params: idPath,
  response: { 200: sentSchema },
  audience: 'exhibitors',
});
