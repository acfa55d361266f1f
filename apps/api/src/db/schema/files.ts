import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';

/** Uploaded files and the bytes of every file served under /uploads/. */

/**
 * Uploaded files (logos, banners, photos, PDFs); the bytes live in media_files, so every instance
 * on the database serves every file.
 */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** The file's key in media_files, also its public URL under /uploads/. */
  path: text('path').notNull().unique(),
  alt: text('alt'),
  createdAt: createdAt(),
});

/**
 * The bytes of the files served under /uploads/ (domains/files/files.routes.ts, domains/files/uploads.service.ts):
 * uploads under `media/<hash>.<ext>`, the demo data's SVGs under `demo/`. Written once per path,
 * never changed.
 */
export const mediaFiles = pgTable('media_files', {
  /** Relative path, as media.path names it: the URL under /uploads/. */
  path: text('path').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  /** SHA-256 of body, in hex: the strong ETag. */
  sha256: text('sha256').notNull(),
  body: bytea('body').notNull(),
  createdAt: createdAt(),
});
