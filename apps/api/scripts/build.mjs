// `npm run build -w @salon/api`: the server as one ES module, dist/server.js, run by plain `node`
// in production (no TypeScript compiler in the running process). Our code and the workspace's
// @salon/shared (TypeScript source) are bundled; every installed package stays an import, resolved
// from node_modules at run time as in development (native addons, pdfkit's font files).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'));

await build({
  // The server, and the backup commands, so that a production install without dev dependencies
  // (no tsx) can run `node apps/api/dist/backup.js` and `restore.js`.
  // The embedded database's worker thread is a file of its own, found beside server.js (decision 024).
  entryPoints: {
    server: 'src/server.ts',
    backup: '../../scripts/backup.ts',
    restore: '../../scripts/restore.ts',
    'pglite-worker': 'src/db/pglite-worker.js',
    // The thread that draws the mails' badge PDFs, found beside server.js (domains/badges/badge-pdf-pool.ts).
    'badge-pdf-worker': 'src/domains/badges/badge-pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: Object.keys(pkg.dependencies),
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
