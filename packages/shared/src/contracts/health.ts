import * as z from 'zod/mini';

/**
 * The probes (`/backend/api/health…`): for the proxy and the operators, not for the web. The
 * public learns nothing of the back end; a request from the machine itself also reads the
 * database's kind and the server's clock.
 */
export const healthSchema = z.strictObject({
  status: z.literal('ok'),
  database: z.optional(z.enum(['pglite', 'postgres'])),
  now: z.optional(z.string()),
});

/** Whether the process runs. */
export const liveSchema = z.strictObject({ status: z.literal('ok') });

/** Whether the instance should receive traffic (200) or not (503), and what failed. */
export const readySchema = z.strictObject({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()),
});
