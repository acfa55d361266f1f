import * as z from 'zod/mini';

/**
 * A row's id, wherever one is read (a form, a device's call, a query string): an integer of 1 to
 * the largest an `integer` column holds. Past it, PostgreSQL raises an error (a 500), not a miss.
 */
export const MAX_ID = 2_147_483_647;

const inRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;

/** An id sent as a number: 'id' when it is out of range (`params`: the error when it is no number). */
export const idField = (params?: { error: string }) => z.number(params).check(z.refine(inRange, { error: 'id' }));

/** An id sent as text (a query string, a form post): read as a number, 'id' when it is not one. */
export const idText = () => z.coerce.number({ error: 'id' }).check(z.refine(inRange, { error: 'id' }));
