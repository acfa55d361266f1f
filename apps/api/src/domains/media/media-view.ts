import type { media } from '../../db/schema';

type MediaRow = typeof media.$inferSelect;

/** A stored file's public address. */
export function mediaUrl(m: Pick<MediaRow, 'path'>): string {
  return `/uploads/${m.path}`;
}

/** A file as the specification's calls give it (Strapi's media shape). */
export function serializeMedia(m: MediaRow | null | undefined) {
  if (!m) return null;
  const url = mediaUrl(m);
  // Logos are small vectors or already-sized images: every format is the original file.
  return {
    id: m.id,
    name: m.name,
    alternativeText: m.alt,
    mime: m.mime,
    width: m.width,
    height: m.height,
    url,
    formats: { small: { url }, thumbnail: { url } },
  };
}
