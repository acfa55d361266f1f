import { call, handlerForm, idPath, strapiQuery } from '../call';
import { conferenceItemSchema, conferenceListSchema, conferenceRegisteredSchema } from '../contracts/content';
import { conferenceRegistrationSchema } from '../schemas';

/** The forum's programme and its sign-ups. */

const tags = ['forum'];

/** `search` looks in the number, titles and descriptions, `theme` in the themes; `year`, an edition's (a preview). */
export const getConferences = call({
  method: 'GET',
  path: '/conferences',
  tags,
  query: strapiQuery('search', 'theme', 'filters', 'year'),
  response: { 200: conferenceListSchema },
});

export const getConference = call({
  method: 'GET',
  path: '/conferences/:id',
  tags,
  params: idPath,
  query: strapiQuery('populate'),
  response: { 200: conferenceItemSchema },
});

/** A sign-up for a talk: read once the talk is found. */
export const postConferenceRegistration = call({
  method: 'POST',
  path: '/conferences/:id/registrations',
  tags,
  params: idPath,
  body: handlerForm(conferenceRegistrationSchema),
  response: { 201: conferenceRegisteredSchema },
});
