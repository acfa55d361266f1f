import * as z from 'zod/mini';
import { call, handlerForm, idPath } from '../call';
import { kioskBadgeSchema, kioskListSchema, kioskSessionSchema } from '../contracts/badges';
import { noContentSchema } from '../contracts/common';
import { kioskBadgeLookupSchema, kioskLookupSchema } from '../gate';

/**
 * The entrance's kiosks: a kiosk's own session, the badge lookup, and the kiosks for the staff who
 * revoke them (enabling a kiosk and leaving kiosk mode are in auth.ts).
 */

const tags = ['kiosk'];

/** The kiosk the device is (its token in the kiosk header). */
export const getOwnKiosk = call({
  method: 'GET',
  path: '/kiosk/session',
  tags,
  response: { 200: kioskSessionSchema },
  audience: 'kiosks',
});

/**
 * A badge, by the e-mail and the phone's last four digits typed by the visitor, or by the
 * e-badge's QR token; from a kiosk, or from a controller's or organiser's session. The form is
 * read once the registration is known to be open.
 */
export const postKioskLookup = call({
  method: 'POST',
  path: '/kiosk/lookup',
  tags,
  body: handlerForm(z.union([kioskBadgeLookupSchema, kioskLookupSchema])),
  response: { 200: kioskBadgeSchema },
  audience: 'kiosksAndGateStaff',
});

/** The kiosks, for the staff who revoke them. */
export const getKiosks = call({
  method: 'GET',
  path: '/kiosk/sessions',
  tags,
  response: { 200: kioskListSchema },
  audience: 'gateStaff',
});

/** Revokes a kiosk. */
export const deleteKiosk = call({
  method: 'DELETE',
  path: '/kiosk/sessions/:id',
  tags,
  params: idPath,
  response: { 204: noContentSchema },
  audience: 'gateStaff',
});
