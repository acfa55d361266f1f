import sharp from 'sharp';
import { expect } from 'vitest';
import { call } from '../../../test/helper';
import { ctx, token, useOrganiserScene } from '../../../test/organiser-scene';

/**
 * The set-up the back-office's content tests (admin-content, admin-show-content) share: an
 * organiser signed in, the calls to the back-office and to the site, and an image upload.
 *
 * `useAdminContentScene()`, called at the top of a test file, builds the scene before its tests
 * and closes it after them; the names below are the scene's while the file's tests run.
 */

export interface Media {
  id: number;
  url: string;
}
export interface ErrorBody {
  error: { status: number; message: string; details: { errors?: { path: string[]; message: string }[] } };
}

export { ctx, organiser, token } from '../../../test/organiser-scene';

/** Builds the scene before the file's tests and closes it after them. */
export const useAdminContentScene = () => useOrganiserScene();

export const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token, body });

export async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, status?: number) {
  const res = await admin(method, url, body);
  expect(res.statusCode, res.body).toBe(status ?? (method === 'POST' && !url.endsWith('reorder') ? 201 : 200));
  return res.json<T>();
}

export async function refused(method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body: unknown, status = 400) {
  const res = await admin(method, url, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<ErrorBody>().error;
}

export const publicGet = async <T>(url: string) => {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
};

export const listQuery = (filter: object, sort?: [string, 'ASC' | 'DESC']) =>
  `?filter=${encodeURIComponent(JSON.stringify(filter))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}`;

let colour = 0;
/** Uploads a small PNG of its own colour to the media library. */
export async function uploadImage(name: string): Promise<Media> {
  colour += 1;
  const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: colour, g: 50, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  return ok<Media>('POST', 'media', form);
}
