import sharp from 'sharp';
import { expect } from 'vitest';
import { readStoredFile } from './stored-files';
import { call } from '../../../test/helper';
import { ctx, token, useOrganiserScene } from '../../../test/organiser-scene';

/**
 * The set-up the uploads' tests (uploads, served-files) share: an organiser signed in, the
 * upload to the media library, the bytes kept for a URL, and images and PDFs to upload.
 *
 * `useUploadsScene()`, called at the top of a test file, builds the scene before its tests and
 * closes it after them; the names below are the scene's while the file's tests run.
 */

export interface MediaRecord {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  kind: 'image' | 'pdf';
}

export { ctx, organiser, token } from '../../../test/organiser-scene';

/** Builds the scene before the file's tests and closes it after them. */
export const useUploadsScene = () => useOrganiserScene();

export function form(bytes: Buffer, name: string, type: string, field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}
export const upload = (body: unknown) => call(ctx.app, 'POST', 'admin/media', { token, body });

export async function uploaded(body: FormData): Promise<MediaRecord> {
  const res = await upload(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MediaRecord>();
}

/** The bytes kept for a URL under /uploads/. */
export async function storedBytes(url: string): Promise<Buffer> {
  return (await readStoredFile(ctx.db, url.slice('/uploads/'.length)))!.body;
}

export const picture = (width: number, height: number, colour = { r: 200, g: 80, b: 20 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

export const pdf = (size = 2000) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 15, 0x20), Buffer.from('\n%%EOF\n')]);
