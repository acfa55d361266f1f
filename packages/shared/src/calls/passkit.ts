import * as z from 'zod/mini';
import { call } from '../call';
import { fileAnswer, noContentSchema } from '../contracts/common';

/**
 * Apple's PassKit web service (a pass's `webServiceURL`), as Apple specifies it: a device
 * registers for and unregisters from a pass's changes, asks which of its passes changed since a
 * tag, fetches one pass again, and reports its trouble.
 */

const tags = ['badges'];

const device = z.string().check(z.regex(/^[A-Za-z0-9-]{1,128}$/));
const passType = z.string().check(z.maxLength(200));
const serial = z.string().check(z.maxLength(40));
const registration = z.strictObject({ device, passType, serial });
const registrationPath = '/passkit/v1/devices/:device/registrations/:passType/:serial';

/** A device registers for a pass's changes, with the token its pushes go to (201 new, 200 known). */
export const postPassRegistration = call({
  method: 'POST',
  path: registrationPath,
  tags,
  params: registration,
  body: z.object({ pushToken: z.string().check(z.regex(/^[0-9A-Fa-f]{32,200}$/)) }),
  response: {},
});

export const deletePassRegistration = call({
  method: 'DELETE',
  path: registrationPath,
  tags,
  params: registration,
  response: {},
});

/** The serial numbers of a device's passes changed since a tag (204: none). */
export const getChangedPasses = call({
  method: 'GET',
  path: '/passkit/v1/devices/:device/registrations/:passType',
  tags,
  params: z.strictObject({ device, passType }),
  query: z.object({ passesUpdatedSince: z.optional(z.string().check(z.maxLength(30))) }),
  response: {
    200: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }),
    204: noContentSchema,
  },
});

/** A pass as it is now (304 when unchanged since `If-Modified-Since`). */
export const getPass = call({
  method: 'GET',
  path: '/passkit/v1/passes/:passType/:serial',
  tags,
  params: z.strictObject({ passType, serial }),
  response: { 200: fileAnswer('application/vnd.apple.pkpass'), 304: noContentSchema },
});

/** What Wallet reports of its trouble with the passes. */
export const postPassLog = call({
  method: 'POST',
  path: '/passkit/v1/log',
  tags,
  body: z.object({ logs: z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(50)) }),
  response: {},
});
