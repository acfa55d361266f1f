import { afterAll, beforeAll, expect } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * The set-up the public content routes' tests (content, partners-and-banners) share: the app,
 * the shapes of the answers, and the calls the site makes, answered or refused.
 *
 * `useContentScene()`, called at the top of a test file, builds the app before its tests and
 * closes it after them; `ctx` is that app while the file's tests run.
 */

export interface MediaView {
  id: number;
  url: string;
  formats: { small: { url: string } };
}
export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  perPlacement?: boolean;
}
export interface ListBody<T> {
  data: T[];
  meta: { pagination: Pagination };
}
export interface ErrorBody {
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

export let ctx: TestContext;

/** Builds the app before the file's tests and closes it after them. */
export function useContentScene() {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
}

/** A public call the site makes, answered with a 200. */
export async function get<T>(url: string): Promise<T> {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
/** A public call refused with `status`: its error. */
export async function refused(url: string, status = 400): Promise<ErrorBody['error']> {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.error.status).toBe(status);
  return body.error;
}
/** A media as the API shows it: its url, and the same url as its small format. */
export const mediaOf = (m: { id: number; path: string }): unknown =>
  expect.objectContaining({
    id: m.id,
    url: `/uploads/${m.path}`,
    formats: expect.objectContaining({ small: { url: `/uploads/${m.path}` } }) as unknown,
  });
