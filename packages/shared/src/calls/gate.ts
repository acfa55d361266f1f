import { call, formBody, strapiQuery } from '../call';
import { checkinResultsSchema, gateRosterSchema } from '../contracts/gate';
import { checkinBatchSchema } from '../gate';

/** The gate devices, the controllers' and the organisers': the roster they keep offline and the check-ins they send back. */

const tags = ['gate'];

/** The roster, whole or `since` a cursor (an ISO 8601 date). */
export const getGateRoster = call({
  method: 'GET',
  path: '/gate/roster',
  tags,
  query: strapiQuery('since'),
  response: { 200: gateRosterSchema },
  audience: 'gateStaff',
});

/** The check-ins a device recorded, idempotent by the device's ids. */
export const postCheckins = call({
  method: 'POST',
  path: '/checkins',
  tags,
  body: formBody(checkinBatchSchema),
  response: { 200: checkinResultsSchema },
  audience: 'gateStaff',
});
