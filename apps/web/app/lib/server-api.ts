import { callUrl, type Call, type CallAnswer, type CallInput, type WebLoadContext } from '@salon/shared';

/** Thrown by a loader's API read that failed; the page shows what it has, not a blank. */
export class LoaderApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`GET ${path}: ${status}`);
  }
}

/**
 * Reads the API from a loader: in process under our server (`context.api`), over HTTP to the
 * API beside Vite under `npm run dev`.
 */
export async function loaderApi<T>(context: unknown, path: string): Promise<T> {
  const ctx = context as Partial<WebLoadContext> | undefined;
  let status: number;
  let body: unknown;
  if (ctx?.api) {
    ({ status, body } = await ctx.api(path));
  } else {
    const res = await fetch(`http://127.0.0.1:${process.env.API_PORT ?? '3001'}/backend/api/${path}`);
    status = res.status;
    body = await res.json().catch(() => null);
  }
  if (status >= 400) throw new LoaderApiError(status, path);
  return body as T;
}

/** A declared call read from a loader (the API's GET calls). */
export function loaderCall<C extends Call>(context: unknown, c: C, input: CallInput<C>): Promise<CallAnswer<C>> {
  return loaderApi<CallAnswer<C>>(context, callUrl(c, input));
}

/**
 * `{ year: 2032 }` when an organiser previews an edition (its hours, its programme), else nothing:
 * a visitor's reads name no edition and get the current one's.
 */
export function previewedYear(context: unknown): { year?: number } {
  const ctx = context as Partial<WebLoadContext> | undefined;
  return ctx?.preview && ctx.show ? { year: ctx.show.year } : {};
}

/** The id of the edition an organiser previews, for the reads that name an edition by id; else undefined. */
export function previewedEditionId(context: unknown): number | undefined {
  return (context as Partial<WebLoadContext> | undefined)?.preview?.editionId;
}

/** The `data` of a declared call's answer. */
type DataOf<C extends Call> = CallAnswer<C> extends { data: infer D } ? D : never;

/**
 * The `data` of a declared read, or `fallback` when the call fails: a failed content call never
 * blanks the page.
 */
export async function loaderDataOr<C extends Call, F = DataOf<C>>(
  context: unknown,
  c: C,
  input: CallInput<C>,
  fallback: F,
): Promise<DataOf<C> | F> {
  try {
    return ((await loaderCall(context, c, input)) as { data: DataOf<C> }).data;
  } catch (err) {
    // The API's refusal is one line; anything else with its stack.
    console.error(err instanceof LoaderApiError ? err.message.slice(0, 300) : err);
    return fallback;
  }
}
