import path from 'node:path';

/**
 * The API package's folder. This file sits one level below it both as source (`src/paths.ts`,
 * run by tsx in development and tests) and once bundled (`dist/server.js`, run by `node`), so
 * the same expression holds for both.
 */
export const apiRoot = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(apiRoot, '../..');
export const migrationsFolder = path.join(apiRoot, 'drizzle');
