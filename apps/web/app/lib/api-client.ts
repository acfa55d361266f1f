import {
  RENEWED_TOKEN_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  callPath,
  toQueryString,
  type Call,
  type CallAnswer,
  type CallInput,
  type ErrorAnswer,
} from '@salon/shared';
import { clearSession, getSession, updateSessionToken } from './session';
import { saveBlob } from './save-blob';

export const API_BASE = '/backend/api/';

/** An error body as it may arrive: the API's error contract, or less (a proxy's page reads as nothing). */
export interface ApiErrorBody {
  error?: Partial<ErrorAnswer['error']>;
}

/** A failed call. `status` 0 means the network failed: never a success. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
  }
}

let onSessionExpired: ((returnUrl: string) => void) | undefined;
export function setSessionExpiredHandler(handler: (returnUrl: string) => void): void {
  onSessionExpired = handler;
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, unknown>;
  /** Send the stored session's bearer token (default true). */
  auth?: boolean;
  /** A token to send instead, e.g. right after sign-in before the session is stored. */
  token?: string;
  /** Extra headers, e.g. a kiosk's token (a kiosk has no user session). */
  headers?: Record<string, string>;
  /** Told of a token the API renewed, for a session kept elsewhere than 'auth' (the controller's). */
  onRenewedToken?: (jwt: string) => void;
}

/** One call with the session's headers; the answer is read by the caller. */
async function send(path: string, options: RequestOptions, accept: string) {
  const method = options.method ?? 'GET';
  const session = options.auth === false ? null : getSession();
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  // A FormData (a file) goes as multipart, its boundary set by the browser.
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const token = options.token ?? session?.jwt;
  if (token) headers.Authorization = `Bearer ${token}`;
  // The specification's HTTP layer: the XSRF cookie goes back as a header on state changes.
  if (method !== 'GET') {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
  }
  const search = options.query ? `?${toQueryString(options.query)}` : '';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${search}`, {
      method,
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  const renewed = res.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed && session) updateSessionToken(renewed);
  if (renewed) options.onRenewedToken?.(renewed);
  if (!res.ok) {
    const errorBody = (await res.json().catch(() => undefined)) as ApiErrorBody | undefined;
    if (res.status === 401 && session) {
      clearSession();
      onSessionExpired?.(window.location.pathname + window.location.search);
    }
    throw new ApiError(res.status, errorBody?.error?.message ?? res.statusText, errorBody);
  }
  return res;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, 'application/json');
  if (res.status === 204) return undefined as T;
  return (await res.json().catch(() => undefined)) as T;
}

/** How a declared call is sent besides its inputs: the session's token or another, extra headers. */
export type CallOptions = Pick<RequestOptions, 'auth' | 'token' | 'headers' | 'onRenewedToken'>;

/**
 * A declared call (packages/shared `call()`): its path filled with `params`, its `query` and
 * JSON `body`, and the answer its contract gives.
 */
export async function api<C extends Call>(
  c: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<CallAnswer<C>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return apiRequest<CallAnswer<C>>(callPath(c.path, params), { ...options, method: c.method, query, body });
}

/**
 * A declared call that sends one file (multipart, the field `file`), which the API reads itself:
 * the call declares its path and answer, not the file.
 */
export async function apiUpload<C extends Call>(c: C, file: File, options: CallOptions = {}): Promise<CallAnswer<C>> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<CallAnswer<C>>(callPath(c.path), { ...options, method: c.method, body });
}

/**
 * A file of a declared call that the API streams only to a signed-in caller (a link cannot carry
 * the bearer token): fetched with the session's headers, then saved under `filename` from the
 * browser's memory.
 */
export async function apiDownload<C extends Call>(
  c: C,
  input: CallInput<C>,
  filename: string,
  options: CallOptions = {},
): Promise<void> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const res = await send(callPath(c.path, params), { ...options, method: c.method, query }, '*/*');
  const blob = await res.blob().catch(() => {
    throw new ApiError(0, 'network');
  });
  saveBlob(blob, filename);
}
