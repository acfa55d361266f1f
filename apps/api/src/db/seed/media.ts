import { storeFile } from '../../domains/files/uploads.service';
import type { Db } from '../client';
import { media } from '../schema';

const PALETTE = ['#0b5394', '#b45f06', '#38761d', '#741b47', '#134f5c', '#7f6000', '#990000', '#351c75'];

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A square logo with the company's initials: demo data never depends on outside images. */
export function logoSvg(name: string, index: number): string {
  const initials = name
    .split(/[\s'’-]+/)
    .filter((w) => /^[A-ZÀ-Ý]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const color = PALETTE[index % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(name)}">
<rect width="200" height="200" rx="24" fill="${color}"/>
<text x="100" y="118" font-family="Arial, Helvetica, sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
}

/**
 * A wide picture (banner, gallery photo) drawn as a gradient with a caption, in a font small
 * enough for the whole caption to fit: a character of Arial, or of DejaVu Sans standing in for
 * it, is at most about 0.62 em wide on average.
 */
export function pictureSvg(caption: string, index: number, width = 1200, height = 400): string {
  const a = PALETTE[index % PALETTE.length];
  const b = PALETTE[(index + 3) % PALETTE.length];
  const fontSize = Math.round(Math.min(height / 9, (width * 0.9) / (0.62 * Math.max(caption.length, 1))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(caption)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="50%" y="54%" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" fill="#fff" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
}

/** Stores an SVG under `demo/` (media_files) and records it; returns the media id. */
export async function storeSvg(
  db: Db,
  file: string,
  svg: string,
  alt: string,
  size: { width: number; height: number } = { width: 200, height: 200 },
): Promise<number> {
  const rel = `demo/${file}`;
  const body = Buffer.from(svg);
  await storeFile(db, rel, 'image/svg+xml', body);
  const [row] = await db
    .insert(media)
    .values({ name: file, mime: 'image/svg+xml', size: body.length, path: rel, alt, ...size })
    .onConflictDoUpdate({ target: media.path, set: { size: body.length } })
    .returning({ id: media.id });
  return row!.id;
}
