import { HttpError } from 'react-admin';
import {
  RENEWED_TOKEN_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  callPath,
  callUrl,
  postAdminMedia,
  type Call,
  type CallAnswer,
  type CallInput,
} from '@salon/shared';
import { saveBlob } from '../app/lib/save-blob';
import type { ApiErrorBody } from '../app/lib/api-client';

/**
 * The back-office's calls to `/backend/api/`: the organiser's bearer token (a session of its
 * own, apart from the exhibitor's 'auth' and the controller's 'auth-controleur'), the XSRF header
 * on state changes, and errors as react-admin expects them, with the server's field errors
 * (`details.errors`) turned into `body.errors` so that they land on the form's fields.
 */
export const ADMIN_API = '/backend/api/admin';
const SESSION_KEY = 'auth-organisateur';

export interface OrganiserSession {
  jwt: string;
  user: { id: number; name: string; email: string; type: 'organiser' };
}

export function getOrganiserSession(): OrganiserSession | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as OrganiserSession | null;
    return parsed && typeof parsed.jwt === 'string' && parsed.user ? parsed : null;
  } catch {
    return null;
  }
}
export const saveOrganiserSession = (session: OrganiserSession) =>
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
export const clearOrganiserSession = () => localStorage.removeItem(SESSION_KEY);

function xsrfToken(): string | undefined {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(XSRF_COOKIE.length + 1)) : undefined;
}

/** Field errors `[{ path: ['body', 'email'], message: 'emailTaken' }]` as react-admin reads them. */
function fieldErrors(body: ApiErrorBody | undefined): Record<string, string> | undefined {
  const errors = body?.error?.details?.errors;
  if (!errors?.length) return undefined;
  return Object.fromEntries(errors.map((e) => [e.path.filter((p) => p !== 'body').join('.') || 'root', e.message]));
}

export interface AdminResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

/** One call; `url` is absolute (`/backend/api/...`). Throws react-admin's HttpError on failure. */
export async function adminHttp(url: string, options: RequestInit = {}): Promise<AdminResponse> {
  const res = await send(url, options);
  const body = await res.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const error = json as ApiErrorBody | undefined;
    throw new HttpError(error?.error?.message ?? res.statusText, res.status, {
      ...error,
      errors: fieldErrors(error),
    });
  }
  return { status: res.status, headers: res.headers, body, json };
}

async function send(url: string, options: RequestInit): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const session = getOrganiserSession();
  if (session) headers.set('Authorization', `Bearer ${session.jwt}`);
  const method = (options.method ?? 'GET').toUpperCase();
  const xsrf = method === 'GET' ? undefined : xsrfToken();
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  let res: Response;
  try {
    res = await fetch(url, { ...options, headers, credentials: 'same-origin' });
  } catch {
    throw new HttpError('admin.errors.network', 0);
  }
  // The API renews a token in use; the organiser stays signed in through a long show day.
  const renewed = res.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed && session) saveOrganiserSession({ ...session, jwt: renewed });
  return res;
}

/**
 * A declared call of the back-office (packages/shared `backOfficeCall()`): its path filled with
 * `params`, its `query` and JSON `body`, and the answer its contract gives.
 */
export async function adminCall<C extends Call>(c: C, input: CallInput<C>): Promise<CallAnswer<C>> {
  const { body } = input as { body?: unknown };
  const res = await adminHttp(`/backend/api/${callUrl(c, input)}`, {
    method: c.method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json as CallAnswer<C>;
}

/** Uploads one file to `admin/media` (multipart, the field `file`) and answers the media record. */
export async function adminUpload(file: File): Promise<CallAnswer<typeof postAdminMedia>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await adminHttp(`/backend/api/${callPath(postAdminMedia.path)}`, {
    method: postAdminMedia.method,
    body: form,
  });
  return res.json as CallAnswer<typeof postAdminMedia>;
}

/**
 * A file of a declared call that only an organiser may fetch (an export, a mail's .eml): fetched
 * with the session's headers, then saved under `filename` (a link cannot carry the bearer token).
 */
export async function adminDownload<C extends Call>(c: C, input: CallInput<C>, filename: string): Promise<void> {
  const res = await send(`/backend/api/${callUrl(c, input)}`, {
    method: c.method,
    headers: { Accept: '*/*' },
  });
  if (!res.ok) {
    const error = (await res.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new HttpError(error?.error?.message ?? res.statusText, res.status, error);
  }
  saveBlob(await res.blob(), filename);
}
