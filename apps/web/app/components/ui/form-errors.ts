import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * Puts the server's field errors (`error.details.errors[] = { path, message }`) on the form's
 * fields; returns false when the error named no field of the form. A field within a value is
 * named by its whole path (`['body', 'description', 'en']` is `description.en`), else by the
 * first step of the path the form has (`['body', 'brands', 3]` is `brands`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const issues = (error.body?.error?.details?.errors ?? []) as { path?: unknown[]; message?: string }[];
  let applied = false;
  for (const issue of issues) {
    const path = issue.path?.map(String) ?? [];
    const named = (p: string) => (fields as readonly string[]).includes(p);
    const field = path.map((_, i) => path.slice(i).join('.')).find(named) ?? path.find(named);
    if (field) {
      setError(field as Path<T>, { type: 'server', message: issue.message ?? 'invalid' });
      applied = true;
    }
  }
  return applied;
}

/** The message key for a failed submit that is not about one field. */
export function submitErrorKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 0) return 'errors.network';
  if (error.status === 429) return 'errors.tooManyAttempts';
  if (error.status === 400) return null;
  return 'errors.generic';
}

/** The code a refusal carries in its details ('standTaken', 'outOfStock'…), or ''. */
export function refusalCode(error: unknown): string {
  const code = error instanceof ApiError ? error.body?.error?.details?.code : undefined;
  return typeof code === 'string' ? code : '';
}
