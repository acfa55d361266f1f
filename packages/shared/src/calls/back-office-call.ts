import type * as z from 'zod/mini';
import { call, type CallMethod, type CallSpec } from '../call';

/** A call of the back-office (`/admin/…`): the organisers', under the 'admin' tag. */
export const backOfficeCall = <
  M extends CallMethod,
  P extends string,
  R extends Record<number, unknown>,
  B extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  A extends z.ZodMiniType | undefined = undefined,
>(
  spec: CallSpec<M, P, B, Q, A, R>,
) => call<M, P, R, B, Q, A>({ ...spec, tags: ['admin'], audience: 'organisers' });
