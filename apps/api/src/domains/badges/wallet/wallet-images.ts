import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../../../paths';

/** The images of a pass, by file name: Wallet's icon and logo, at each screen density. */
export type WalletImages = Record<string, Buffer>;

/** Wallet's sizes, in points: the icon is square, the logo at most 160 by 50. */
const SIZES: [name: string, width: number, height: number][] = [
  ['icon.png', 29, 29],
  ['icon@2x.png', 58, 58],
  ['icon@3x.png', 87, 87],
  ['logo.png', 50, 50],
  ['logo@2x.png', 100, 100],
  ['logo@3x.png', 150, 150],
];

/**
 * The show's logo (the site's own, `assets/images/logo.svg`, from the built site, or from its
 * sources before a build) drawn at Wallet's sizes, once per process.
 */
export function walletImages(webBuildDir: string): () => Promise<WalletImages> {
  let made: Promise<WalletImages> | null = null;
  return () =>
    (made ??= (async () => {
      const file = [
        path.join(webBuildDir, 'client/assets/images/logo.svg'),
        path.join(repoRoot, 'apps/web/public/assets/images/logo.svg'),
      ].find((f) => existsSync(f));
      if (!file) throw new Error('the site’s logo (assets/images/logo.svg) is missing');
      const svg = readFileSync(file);
      const drawn = await Promise.all(
        SIZES.map(async ([name, width, height]) => {
          const png = await sharp(svg, { density: 300 }).resize(width, height, { fit: 'contain' }).png().toBuffer();
          return [name, png] as const;
        }),
      );
      return Object.fromEntries(drawn);
    })());
}
