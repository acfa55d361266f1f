import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * A form's resolver from its shared zod schema (the server parses the same one), typed by the
 * values the form's fields hold. The forms' one cast, and why: a schema's input can be narrower
 * than what its fields hold before they are valid (react-admin's forms hold any FieldValues),
 * and the schema is what decides, with its messages under the fields.
 */
export function formResolver<V extends FieldValues = FieldValues, Out = V>(
  schema: z.ZodMiniType<unknown, FieldValues>,
): Resolver<V, unknown, Out> {
  return zodResolver(schema) as unknown as Resolver<V, unknown, Out>;
}
