import { createHash } from 'node:crypto';
import { readFile as fsReadFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../../config/env';
import type { Db, Tx } from '../../db/client';
import { media, mediaFiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';

// Each image is decoded and written once: libvips' cache of recent operations (50 MB by default)
// would only keep the demo data's and each upload's pixels in memory for good.
sharp.cache(false);

/**
 * The organisers' uploads: images (logos, banners, photos) and PDF documents (floor plan,
 * programme, catalogue). A file is judged by its bytes, never by its name or declared type;
 * images are decoded and written again by sharp, so what is served is always a clean image of a
 * bounded size; every stored name carries a hash of the stored bytes, so a changed file always
 * gets a new URL and the old one may be cached for ever.
 */

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Stored images fit in this square. serializeMedia serves the stored file as every format
 * (`formats.small` included), so it must suit a banner or a full-width background as well as a
 * logo in the directory.
 */
export const IMAGE_MAX_SIDE = 1920;
/** Decoding is refused past this many pixels (a small file can unpack into gigabytes). */
const IMAGE_MAX_PIXELS = 40_000_000;

export const UPLOAD_MESSAGES = {
  noFile: 'Aucun fichier reçu : envoyez-le en multipart/form-data dans le champ « file ».',
  empty: 'Le fichier est vide.',
  svg: 'Format refusé : PNG, JPEG ou WebP (SVG non accepté).',
  format:
    'Format refusé : une image PNG, JPEG ou WebP, ou un document PDF (le contenu du fichier est vérifié, pas son nom).',
  imageTooLarge: 'Image trop volumineuse : 5 Mo au plus.',
  pdfTooLarge: 'Document trop volumineux : 20 Mo au plus.',
  tooLarge: 'Fichier trop volumineux : 5 Mo au plus pour une image, 20 Mo pour un PDF.',
  tooManyPixels: 'Image trop grande : 40 millions de pixels au plus.',
  unreadable: 'Image illisible : le fichier est endommagé ou incomplet.',
  malformed: 'Envoi mal formé : envoyez le fichier en multipart/form-data dans le champ « file ».',
} as const;

type Sniffed = 'png' | 'jpeg' | 'webp' | 'pdf' | 'svg';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** What the bytes are, from their first bytes alone (null: anything else). */
export function sniff(bytes: Buffer): Sniffed | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // SVG is text: an optional BOM, XML prolog, comments or doctype before the <svg element.
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export interface PreparedFile {
  kind: 'image' | 'pdf';
  mime: 'image/webp' | 'application/pdf';
  ext: 'webp' | 'pdf';
  body: Buffer;
  width: number | null;
  height: number | null;
}

/**
 * Checks an uploaded file and makes what will be stored: PDFs as sent, images decoded and
 * re-encoded as WebP (turned upright from their EXIF orientation, metadata dropped, shrunk to fit
 * IMAGE_MAX_SIDE). Anything else is a 400 that says why.
 */
export async function prepareUpload(bytes: Buffer): Promise<PreparedFile> {
  if (!bytes.length) throw badRequest(UPLOAD_MESSAGES.empty);
  const type = sniff(bytes);
  if (type === 'svg') throw badRequest(UPLOAD_MESSAGES.svg);
  if (type === null) throw badRequest(UPLOAD_MESSAGES.format);
  if (type === 'pdf') {
    if (bytes.length > PDF_MAX_BYTES) throw badRequest(UPLOAD_MESSAGES.pdfTooLarge);
    return { kind: 'pdf', mime: 'application/pdf', ext: 'pdf', body: bytes, width: null, height: null };
  }
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(UPLOAD_MESSAGES.imageTooLarge);
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
    // The decoder must agree with the first bytes: a PNG header on something else is refused.
    const meta = await image.metadata();
    if (meta.format !== type) throw badRequest(UPLOAD_MESSAGES.format);
    const { data, info } = await image
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { kind: 'image', mime: 'image/webp', ext: 'webp', body: data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest(UPLOAD_MESSAGES.tooManyPixels);
    if (err instanceof Error && !('statusCode' in err)) throw badRequest(UPLOAD_MESSAGES.unreadable);
    throw err;
  }
}

/** Names of stored uploads: the first 32 hex digits of the SHA-256 of the stored bytes. */
export const HASHED_UPLOAD = /^media\/[0-9a-f]{32}\.(webp|pdf)$/;

/**
 * Keeps a file's bytes in media_files under `rel` (its URL under /uploads/), where every instance
 * on the database finds them. A path is written once: its bytes never change (uploads are named
 * by their hash, the demo files are the same drawings each time).
 *
 * The bytes travel as base64 text, both ways: PGlite turns a bytea into hex and back one byte at
 * a time in JavaScript (20 MB took 9 s to write and 2.5 s to read), Node's base64 is native.
 */
export async function storeFile(db: Db, rel: string, mime: string, body: Buffer): Promise<void> {
  const sha256 = createHash('sha256').update(body).digest('hex');
  await db
    .insert(mediaFiles)
    .values({ path: rel, mime, size: body.length, sha256, body: sql`decode(${body.toString('base64')}, 'base64')` })
    .onConflictDoNothing();
}

/** Where a file will be stored: `media/<hash>.<ext>`, the same for the same bytes. */
export const uploadPath = (file: PreparedFile) =>
  `media/${createHash('sha256').update(file.body).digest('hex').slice(0, 32)}.${file.ext}`;

/**
 * Stores the file under `media/<hash>.<ext>` and answers that path (as media.path keeps it). The
 * same bytes give the same path, stored once.
 */
export async function storeUpload(db: Db, file: PreparedFile): Promise<string> {
  const rel = uploadPath(file);
  await storeFile(db, rel, file.mime, file.body);
  return rel;
}

/**
 * An upload stored with its media record, in the caller's transaction (a failed record leaves no
 * file behind): the record, and whether it was already there (the same bytes sent again are the
 * same stored file, whose record is answered again).
 */
export async function storeMedia(tx: Tx, file: PreparedFile, filename: string) {
  const rel = await storeUpload(tx, file);
  const [existing] = await tx.select().from(media).where(eq(media.path, rel));
  if (existing) return { row: existing, existed: true };
  const [row] = await tx
    .insert(media)
    .values({
      name: cleanFileName(filename, file.ext),
      mime: file.mime,
      size: file.body.length,
      width: file.width,
      height: file.height,
      path: rel,
    })
    .returning();
  return { row: row!, existed: false };
}

/** Where uploads were kept on disk before migration 0016 moved them into the database. */
export const uploadDirOf = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'uploads');

/**
 * An install from before migration 0016 has its files under DATA_DIR/uploads: the ones a media
 * row names and media_files lacks are copied in, so an upgrade loses nothing. Run at each start
 * (seed); once they are in, it finds nothing to do. Answers how many were copied.
 */
export async function importUploadsFromDisk(
  db: Db,
  uploadDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<number> {
  const lacking = await db
    .select({ path: media.path, mime: media.mime })
    .from(media)
    .leftJoin(mediaFiles, eq(mediaFiles.path, media.path))
    .where(isNull(mediaFiles.path));
  let imported = 0;
  const missing: string[] = [];
  for (const { path: rel, mime } of lacking) {
    const file = path.resolve(uploadDir, rel);
    // media.path is ours, but a path that leaves the folder is never read.
    const body = file.startsWith(path.resolve(uploadDir) + path.sep) ? await fsReadFile(file).catch(() => null) : null;
    if (!body) {
      missing.push(rel);
      continue;
    }
    await storeFile(db, rel, mime, body);
    imported++;
  }
  if (imported) log.info({ imported, uploadDir }, 'uploads copied from disk into the database');
  if (missing.length) {
    log.warn({ missing: missing.length, first: missing.slice(0, 5), uploadDir }, 'media rows whose file is nowhere');
  }
  return imported;
}

/** A file name fit to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .normalize('NFC')
    .replace(/[\\/]/g, '_')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120);
  return base || `fichier.${ext}`;
}
