import { call } from '../call';
import { healthSchema, liveSchema, readySchema } from '../contracts/health';

/** The probes, for the proxy and the operators. */

const tags = ['system'];

/** Whether the API answers and reaches its database. */
export const getHealth = call({ method: 'GET', path: '/health', tags, response: { 200: healthSchema } });

/** Whether the process runs. */
export const getHealthLive = call({ method: 'GET', path: '/health/live', tags, response: { 200: liveSchema } });

/** Whether this instance should receive traffic (200) or not (503), and what failed. */
export const getHealthReady = call({
  method: 'GET',
  path: '/health/ready',
  tags,
  response: { 200: readySchema, 503: readySchema },
});
